meta:
  id: spk
  title: spritec pack (.spk), format version 1.1
  file-extension: spk
  endian: le
doc: |
  A compiled spritec pack: atlas pages, frames with origin points and action tables.
  All integers are little-endian. The file is a fixed header, a directory of tagged
  sections right after it (at header.header_size), and the sections, each at a 4-byte
  aligned offset and padded with zero bytes to a multiple of 4.

  Names are string references (offset, length) into the STRS section's bytes (UTF-8, not
  NUL-terminated). Indices are 0-based; 0xFFFFFFFF means "none". A reader skips sections
  whose tag it does not know; a known section that is absent reads as empty. A record
  section's len_body is exactly num_records times its record size (records never change
  size within a major version; a minor version adds sections instead).

  The reader in lib/runtime/include/spritec/runtime/spk_reader.hpp checks every rule stated in
  these docs; docs/format.md gives the same layout as tables.
doc-ref: docs/format.md
seq:
  - id: header
    type: header
  - id: header_extension
    size: header.header_size - 40
    doc: Bytes a later minor version may add to the header (none in 1.0).
  - id: directory
    type: section_entry
    repeat: expr
    repeat-expr: header.section_count
types:
  header:
    doc: 40 bytes at offset 0.
    seq:
      - id: signature
        contents: [0x89, 0x53, 0x50, 0x4b, 0x0d, 0x0a, 0x1a, 0x0a]
        doc: '"\x89SPK\r\n\x1a\n", PNG-style: catches text-mode damage.'
      - id: version_major
        type: u2
        valid: 1
        doc: Format major version. A reader rejects any major version it does not know.
      - id: version_minor
        type: u2
        doc: |
          Format minor version: 0; 1 for a pack with an ALPH section; 2 for a pack with boxes
          and points (GNAM, SHAP, FGEO, SGEO); 3 for a layered master or an equipment piece
          (SLOT, LORD). spritec writes the lowest version a pack needs.
          A newer minor version only adds sections.
      - id: header_size
        type: u4
        doc: Bytes of the header, where the directory starts. 40 in 1.0; >= 40, a multiple of 4.
      - id: file_size
        type: u4
        doc: Total bytes of the pack. A buffer of another size is rejected (truncated or trailing bytes).
      - id: tick_rate
        type: u4
        doc: Ticks per second of the action tables; >= 1.
      - id: section_count
        type: u4
        doc: Number of directory entries.
      - id: flags
        type: u4
        doc: Reserved, written 0, ignored by 1.x readers.
      - id: checksum
        type: u8
        doc: XXH64 (seed 0) of bytes [header_size, file_size), i.e. everything after the header.

  section_entry:
    doc: 16 bytes. One tagged section of the file.
    seq:
      - id: tag
        type: str
        size: 4
        encoding: ASCII
        doc: FourCC, e.g. "FRAM" (the four bytes in this order).
      - id: ofs_body
        type: u4
        doc: Offset of the section from the start of the file; a multiple of 4, after the directory.
      - id: len_body
        type: u4
        doc: Bytes of the section, without its padding; ofs_body + len_body <= file_size.
      - id: num_records
        type: u4
        doc: Records in the section; 0 for the byte blobs STRS and BLOB.
    instances:
      body:
        io: _root._io
        pos: ofs_body
        size: len_body
        type:
          switch-on: tag
          cases:
            '"PAGE"': page_table
            '"FRAM"': frame_table
            '"ACTN"': action_table
            '"STEP"': step_table
            '"TRAN"': transition_table
            '"INPT"': name_table
            '"EVNT"': name_table
            '"ALPH"': alpha_table
            '"GNAM"': name_table
            '"SHAP"': shape_table
            '"FGEO"': shape_range_table
            '"SGEO"': shape_range_table
            '"SLOT"': name_table
            '"LORD"': layer_order_table
        doc: |
          STRS: the strings blob (names). BLOB: embedded page data (PNG files, each at a
          4-byte aligned offset). Any other unknown tag: skipped.

  string_ref:
    doc: 8 bytes. A name in the STRS section.
    seq:
      - id: ofs_str
        type: u4
        doc: Offset in the STRS section's bytes.
      - id: len_str
        type: u4
        doc: Length in bytes; ofs_str + len_str <= STRS len_body.

  name_table:
    doc: 'INPT: input names (at most 64; input i is bit i of a transition''s masks). EVNT: event names.'
    seq:
      - id: names
        type: string_ref
        repeat: eos

  page_table:
    seq:
      - id: pages
        type: page
        repeat: eos
  page:
    doc: 20 bytes. One atlas page.
    seq:
      - id: width
        type: u4
        doc: Pixels; >= 1.
      - id: height
        type: u4
        doc: Pixels; >= 1.
      - id: pixel_format
        type: u1
        enum: pixel_format
        doc: |
          The pixels the page's PNG decodes to (RGBA8), not how the file stores them:
          the PNG may be of any colour type (spritec writes indexed PNGs for pages of
          at most 256 colours, RGBA otherwise).
      - id: storage
        type: u1
        enum: page_storage
      - id: reserved
        type: u2
        doc: Written 0, ignored.
      - id: ofs_data
        type: u4
        doc: |
          embedded_png: offset of the PNG file in the BLOB section.
          external_file: offset of the file name in the STRS section.
      - id: len_data
        type: u4
        doc: |
          embedded_png: bytes of the PNG file (it starts with the PNG signature).
          external_file: length of the file name: a plain name of a PNG file in the pack's
          directory (not empty, not "." or "..", no "/", "\", ":" or NUL).

  frame_table:
    seq:
      - id: frames
        type: frame
        repeat: eos
  frame:
    doc: '56 bytes. One frame: a rectangle of a page and its origin.'
    seq:
      - id: name
        type: string_ref
      - id: page
        type: u4
        doc: Page index.
      - id: x
        type: u4
        doc: Trimmed rectangle in the page; x + w <= page width.
      - id: y
        type: u4
        doc: y + h <= page height.
      - id: w
        type: u4
        doc: May be 0 (a fully transparent frame trims to nothing).
      - id: h
        type: u4
      - id: origin_x
        type: s4
        doc: |
          Origin (the pixel placed on the actor's position) relative to the top-left of the
          TRIMMED rectangle. The origin as written in the definition (relative to the
          untrimmed frame) is origin_x + trim_x.
      - id: origin_y
        type: s4
        doc: Relative to the trimmed rectangle; untrimmed origin = origin_y + trim_y.
      - id: source_w
        type: u4
        doc: Width of the untrimmed frame.
      - id: source_h
        type: u4
        doc: Height of the untrimmed frame.
      - id: trim_x
        type: u4
        doc: Where the trimmed rectangle starts inside the untrimmed frame; trim_x + w <= source_w.
      - id: trim_y
        type: u4
        doc: trim_y + h <= source_h.
      - id: flags
        type: u4
        doc: Bit 0 = rotated (reserved, rejected). Bit 1 (1.2) = the frame has boxes or points (FGEO), set exactly then; older readers reject it. Other bits must be 0.

  action_table:
    seq:
      - id: actions
        type: action
        repeat: eos
  action:
    doc: 48 bytes. One action.
    seq:
      - id: name
        type: string_ref
      - id: views
        type: u4
        doc: Number of views (>= 1), clockwise from first_view.
      - id: first_view
        type: s4
        doc: Angle in degrees of view 0 (0 = east, 90 = south).
      - id: steps_per_view
        type: u4
        doc: Steps in each view's list (>= 1).
      - id: mode
        type: u1
        enum: mode
      - id: then_kind
        type: u1
        enum: then_kind
      - id: flags
        type: u1
        doc: Bit 0 = reverse (play the list as if written backwards). Bit 1 (1.2) = a step of the action has boxes or points of its own (SGEO); older readers reject it. Other bits must be 0.
      - id: reserved
        type: u1
        doc: Written 0, ignored.
      - id: loop_from
        type: u4
        doc: Loop mode's restart step, counted in played order; < steps_per_view.
      - id: repeat
        type: u4
        doc: Cycles before the action finishes; 0 = forever (loop, pingpong). Ignored by once.
      - id: then_action
        type: u4
        doc: Action index when then_kind is action, else 0xFFFFFFFF.
      - id: first_step
        type: u4
        doc: |
          Index of the action's first step. Its views * steps_per_view steps follow,
          view-major: step i of view v is first_step + v * steps_per_view + i.
      - id: first_transition
        type: u4
        doc: Index of the action's first transition rule (rules in priority order).
      - id: num_transitions
        type: u4
        doc: Number of transition rules; first_transition + num_transitions <= TRAN records.

  step_table:
    seq:
      - id: steps
        type: step
        repeat: eos
  step:
    doc: 24 bytes. One step of one view.
    seq:
      - id: frame
        type: u4
        doc: Frame index, or 0xFFFFFFFF for a blank step (nothing drawn).
      - id: ticks
        type: u4
        doc: Duration in ticks; >= 1.
      - id: event
        type: u4
        doc: Event name index (EVNT), or 0xFFFFFFFF for none. Raised when the step is entered.
      - id: move_x
        type: s4
        doc: Root motion added to the position when the step's time runs out.
      - id: move_y
        type: s4
      - id: flip
        type: u1
        doc: Bit 0 = mirror in x, bit 1 = mirror in y (about the origin). Other bits must be 0.
      - id: reserved
        size: 3
        doc: Written 0, ignored.

  transition_table:
    seq:
      - id: transitions
        type: transition
        repeat: eos
  transition:
    doc: 24 bytes. One transition rule.
    seq:
      - id: to
        type: u4
        doc: Target action index.
      - id: flags
        type: u4
        doc: Bit 0 = immediate (tried at the start of every tick, not at the end of a cycle). Other bits must be 0.
      - id: when
        type: u8
        doc: Bit i set = input i must be held. No bit at or above the input count.
      - id: unless
        type: u8
        doc: Bit i set = input i must be released.

  alpha_table:
    doc: |
      ALPH (format 1.1): how the pages store colour under alpha. Exactly one record; a pack
      without ALPH (every 1.0 pack) has straight alpha and no bleed.
    seq:
      - id: records
        type: page_alpha_record
        repeat: eos
  page_alpha_record:
    doc: 4 bytes. For every page of the pack.
    seq:
      - id: alpha
        type: u1
        enum: page_alpha
        doc: |
          premultiplied: each page's red, green and blue are c * a / 255 rounded to nearest,
          (c * a + 127) / 255 in integers; a reader wanting straight alpha divides again.
      - id: flags
        type: u1
        doc: |
          Bit 0 = bled: every fully transparent pixel had the colour of its nearest coloured
          pixel when the pages were made (a premultiplied page stores 0 there). Other bits
          must be 0.
      - id: reserved
        type: u2
        doc: Written 0, ignored.

  shape_table:
    doc: |
      SHAP (format 1.2): the boxes and points of frames (FGEO) and steps (SGEO).
    seq:
      - id: shapes
        type: shape
        repeat: eos
  shape:
    doc: 24 bytes. A named box or point, relative to its frame's origin pixel.
    seq:
      - id: name
        type: u4
        doc: Index into GNAM (box and point names, sorted by their bytes).
      - id: kind
        type: u1
        enum: shape_kind
      - id: flags
        type: u1
        doc: |
          Bit 0 = removed: a step's entry taking away its frame's shape of this kind and name
          (x, y, w, h all 0). Never in a frame's range. Other bits must be 0.
      - id: reserved
        type: u2
        doc: Written 0, ignored.
      - id: x
        type: s4
        doc: |
          Relative to the frame's origin pixel, x right, before any flip (a blank step's:
          relative to the actor); within +-2^28. In the untrimmed frame: x + origin_x + trim_x.
          Flipped in x a box's columns x .. x + w - 1 become -x - w + 1 .. -x, a point's x -x.
      - id: y
        type: s4
        doc: y down; within +-2^28. In the untrimmed frame y + origin_y + trim_y.
      - id: w
        type: u4
        doc: A box's width, 1 .. 2^28; a point's 0.
      - id: h
        type: u4
        doc: A box's height, 1 .. 2^28; a point's 0.

  shape_range_table:
    doc: |
      FGEO (format 1.2): one range per frame (as many as FRAM records). SGEO: one per step
      (as many as STEP records), a step's own shapes laid over its frame's.
    seq:
      - id: ranges
        type: shape_range
        repeat: eos
  shape_range:
    doc: 8 bytes. SHAP records first .. first + count - 1, sorted by kind then name, each once.
    seq:
      - id: first
        type: u4
      - id: count
        type: u4

  layer_order_table:
    doc: |
      LORD (format 1.3): a layered master's draw order, one row of (SLOT count + 1) entries
      per view of its actions (every action has that many views), back to front. SLOT
      (format 1.3) names a master's slots; a pack with SLOT but no LORD is an equipment piece
      and names exactly one slot, the one it fills.
    seq:
      - id: entries
        type: u4
        repeat: eos
        doc: |
          A slot index into SLOT; 0xFFFFFFFE draws the master's own frame ("self"); 0xFFFFFFFF
          ends the row (only such entries follow). No slot twice in a row.

enums:
  shape_kind:
    0: box
    1: point
  page_alpha:
    0: straight
    1: premultiplied
  pixel_format:
    1: rgba8
  page_storage:
    0: embedded_png
    1: external_file
  mode:
    0: loop
    1: pingpong
    2: once
  then_kind:
    0: hold
    1: destroy
    2: action
