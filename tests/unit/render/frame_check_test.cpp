// The frame checks of the animation encoders: encode_gif and encode_apng check the whole
// animation before encoding; GifEncoder and ApngEncoder check each frame as it comes. Each
// must refuse a badly sized frame with the same sentence (the sentences are those of the
// encoders' headers: a size outside 1..65535, a frame unlike frame 0, a short buffer).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "spritec/render/apng.hpp"
#include "spritec/render/gif.hpp"

using spritec::image::Image;
using spritec::render::AnimFrame;

namespace {

AnimFrame frame(int w, int h) {
  AnimFrame f;
  f.image = Image(w, h);
  f.duration = {1, 30};
  return f;
}

// The first failure of the frames given one at a time to `give` (empty: none failed).
template <typename Give>
std::string first_failure(const std::vector<AnimFrame>& frames, Give give) {
  for (const AnimFrame& f : frames) {
    spritec::diag::Status<> ok = give(f);
    if (!ok) return ok.error.message;
  }
  return "";
}

// What each encoder says of `frames`: encode_gif, GifEncoder's counting pass, encode_apng,
// ApngEncoder.
std::vector<std::string> refusals(const std::vector<AnimFrame>& frames) {
  spritec::render::GifEncoder gif;
  spritec::render::ApngEncoder apng;
  return {
      spritec::render::encode_gif(frames).error.message,
      first_failure(frames, [&](const AnimFrame& f) { return gif.count(f.image, f.duration); }),
      spritec::render::encode_apng(frames).error.message,
      first_failure(frames, [&](const AnimFrame& f) { return apng.add(f.image, f.duration); }),
  };
}

}  // namespace

TEST_CASE("every animation encoder refuses a badly sized frame with the same sentence") {
  using Said = std::vector<std::string>;
  SECTION("a frame of another size than frame 0") {
    const std::string expected = "frame 2 is 5x3, frame 0 is 4x3";
    CHECK(refusals({frame(4, 3), frame(4, 3), frame(5, 3)}) == Said(4, expected));
  }
  SECTION("a first frame without pixels") {
    const std::string expected = "frame size 0x3 is outside 1..65535";
    CHECK(refusals({frame(0, 3), frame(0, 3)}) == Said(4, expected));
  }
  SECTION("a first frame wider than GIF and APNG can say") {
    const std::string expected = "frame size 65536x1 is outside 1..65535";
    CHECK(refusals({frame(65536, 1)}) == Said(4, expected));
  }
  SECTION("a frame whose pixel buffer does not match its size") {
    std::vector<AnimFrame> frames{frame(4, 3), frame(4, 3)};
    frames[1].image.rgba.resize(10);
    const std::string expected = "frame 1 has a pixel buffer of the wrong size";
    CHECK(refusals(frames) == Said(4, expected));
  }
}

TEST_CASE("the streaming gif encoder checks its second pass from frame 0 again") {
  spritec::render::GifEncoder encoder;
  const AnimFrame a = frame(4, 3);
  REQUIRE(encoder.count(a.image, a.duration).ok());
  REQUIRE(encoder.count(a.image, a.duration).ok());
  REQUIRE(encoder.add(a.image, a.duration).ok());
  const AnimFrame wide = frame(5, 3);
  CHECK(encoder.add(wide.image, wide.duration).error.message == "frame 1 is 5x3, frame 0 is 4x3");
}
