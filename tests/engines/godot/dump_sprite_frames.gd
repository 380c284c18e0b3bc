# Run by Godot 3's headless server:
#   godot3-server --path PROJECT --fixed-fps F -s THIS --tres=res://… --out=FILE --seconds=S
# loads a SpriteFrames resource with Godot's own loader and writes what Godot made of it as
# JSON: every animation's speed, loop and frames, each frame's AtlasTexture (region, margin,
# size, the path of its atlas) and the pixels of its region. The server keeps no texture
# pixels, so a page is read again with Image.load() from the path its resource names.
# Then it plays every animation on an AnimatedSprite of its own, all started on the same
# frame, and records after every main-loop iteration how long the sprites have played and
# which frame each shows ("played"), for S seconds of play.
extends SceneTree

var pages = {}  # atlas resource path -> Image (RGBA8), or null when it does not load
var result = {}
var out_path = ""
var seconds = 0.0
var sprites = []  # [animation name, AnimatedSprite]
var elapsed = 0.0  # the time the sprites have processed when _idle is called
var started = false
var played = []  # [elapsed, [frame of each sprite]]


func _arg(name):
	for a in OS.get_cmdline_args():
		if a.begins_with("--" + name + "="):
			return a.substr(name.length() + 3, a.length())
	return ""


func _num(x):
	return "%.10f" % x


func _rect(r):
	return [_num(r.position.x), _num(r.position.y), _num(r.size.x), _num(r.size.y)]


func _page(path):
	if not pages.has(path):
		var img = Image.new()
		if img.load(path) == OK:
			img.convert(Image.FORMAT_RGBA8)
			pages[path] = img
		else:
			pages[path] = null
	return pages[path]


func _texture(t):
	var d = {"class": t.get_class()}
	if not (t is AtlasTexture):
		return d
	d["region"] = _rect(t.region)
	d["margin"] = _rect(t.margin)
	d["size"] = [_num(t.get_size().x), _num(t.get_size().y)]
	d["filter_clip"] = t.filter_clip
	if t.atlas == null:
		d["atlas"] = null
		return d
	var path = t.atlas.resource_path
	d["atlas"] = path
	var img = _page(path)
	if img == null:
		d["page"] = null
		return d
	d["page"] = [img.get_width(), img.get_height()]
	var r = Rect2(t.region.position, t.region.size)
	var inside = Rect2(Vector2(), img.get_size())
	if r.size.x > 0 and r.size.y > 0 and inside.encloses(r):
		d["rgba"] = img.get_rect(r).get_data().hex_encode()
	return d


func _init():
	out_path = _arg("out")
	seconds = float(_arg("seconds"))
	var tres = _arg("tres")
	result["tres"] = tres
	var sf = load(tres) if tres != "" else null
	if sf == null or not (sf is SpriteFrames):
		result["error"] = "Godot could not load a SpriteFrames from " + tres
		return
	var textures = {}  # instance id (as text) -> texture dump
	var anims = {}
	for name in sf.get_animation_names():
		var frames = []
		for i in range(sf.get_frame_count(name)):
			var t = sf.get_frame(name, i)
			if t == null:
				frames.append(null)
				continue
			var key = str(t.get_instance_id())
			if not textures.has(key):
				textures[key] = _texture(t)
			frames.append(key)
		anims[name] = {
			"speed": _num(sf.get_animation_speed(name)),
			"loop": sf.get_animation_loop(name),
			"frames": frames,
		}
		var sprite = AnimatedSprite.new()
		sprite.frames = sf
		sprites.append([name, sprite])
	result["animations"] = anims
	result["textures"] = textures


# SceneTree::idle() calls this before the nodes' own processing of the same `delta`: what a
# sprite shows here is what it showed after processing every earlier iteration's delta.
func _idle(delta):
	if result.has("error") or sprites.empty():
		_finish()
		return true
	if not started:
		started = true
		for s in sprites:
			get_root().add_child(s[1])
			s[1].play(s[0])
	else:
		var frames = []
		for s in sprites:
			frames.append(s[1].frame)
		played.append([_num(elapsed), frames])
		if elapsed > seconds:
			_finish()
			return true
	elapsed += delta
	return false


func _finish():
	if not result.has("error"):
		var names = []
		for s in sprites:
			names.append(s[0])
		result["played"] = {"animations": names, "samples": played}
	var f = File.new()
	if f.open(out_path, File.WRITE) != OK:
		printerr("dump_sprite_frames.gd: cannot write ", out_path)
		quit(2)
		return
	f.store_string(to_json(result))
	f.close()
	quit(1 if result.has("error") else 0)
