// The trace line format of DESIGN.md ("Machine-readable outputs").
#include <catch2/catch.hpp>

#include <sstream>

#include "spritec/sim/simulation.hpp"
#include "spritec/sim/trace.hpp"

using namespace spritec;

TEST_CASE("numbers print as integers when whole and as the shortest exact double otherwise") {
  CHECK(sim::format_number(10) == "10");
  CHECK(sim::format_number(-2) == "-2");
  CHECK(sim::format_number(0) == "0");
  CHECK(sim::format_number(-0.0) == "0");
  CHECK(sim::format_number(41.5) == "41.5");
  // 12 + 8/6 as a double: the conformance file prints it this way.
  CHECK(sim::format_number(12 + 8000.0 / 6000.0) == "13.333333333333334");
  // Within a billionth of a thousandth-grid point a number prints as that point, so sums of
  // tween steps do not show float noise (63.99999999999992 -> 64).
  CHECK(sim::format_number(0.1 + 0.2) == "0.3");
  CHECK(sim::format_number(63.99999999999992) == "64");
  CHECK(sim::format_number(13.333333333333334) == "13.333333333333334");
  CHECK(sim::format_number(1e20) == "1e+20");
}

TEST_CASE("a trace line has DESIGN.md's keys in its order") {
  sim::ActorSnapshot a;
  a.name = "hero";
  a.action = "walk";
  a.step = 1;
  a.view = 2;
  a.frame_name = "body/1";
  a.flip = runtime::spk::kFlipX;
  a.x = 41.5;
  a.y = 70;
  a.events = {"hit"};
  std::ostringstream out;
  sim::write_trace_line(out, 12, a);
  CHECK(out.str() ==
        "{\"tick\":12,\"actor\":\"hero\",\"action\":\"walk\",\"step\":1,\"view\":2,"
        "\"frame\":\"body/1\",\"flip\":\"x\",\"x\":41.5,\"y\":70,\"events\":[\"hit\"]}\n");
}

TEST_CASE("names are escaped as JSON strings and flips spell x, y or xy") {
  sim::ActorSnapshot a;
  a.name = "a\"b\\c\n";
  a.flip = runtime::spk::kFlipX | runtime::spk::kFlipY;
  a.events = {"e1", "e2"};
  std::ostringstream out;
  sim::write_trace_line(out, 0, a);
  CHECK(out.str() ==
        "{\"tick\":0,\"actor\":\"a\\\"b\\\\c\\n\",\"action\":\"\",\"step\":0,\"view\":0,"
        "\"frame\":\"\",\"flip\":\"xy\",\"x\":0,\"y\":0,\"events\":[\"e1\",\"e2\"]}\n");
  a.flip = runtime::spk::kFlipY;
  std::ostringstream out2;
  sim::write_trace_line(out2, 0, a);
  CHECK(out2.str().find("\"flip\":\"y\"") != std::string::npos);
}

TEST_CASE("names that are not UTF-8 are written as U+FFFD so the line stays JSON") {
  // A hostile pack's names are not checked to be UTF-8; the trace must still parse.
  sim::ActorSnapshot a;
  a.name = "h\xC3\xA9ro";            // "héro": well-formed, kept as it is
  a.action = std::string("w\x96k");  // a stray continuation byte
  a.frame_name = "f\xE2\x82";        // a sequence cut short
  std::ostringstream out;
  sim::write_trace_line(out, 0, a);
  const std::string line = out.str();
  CHECK(line.find("\"actor\":\"h\xC3\xA9ro\"") != std::string::npos);
  CHECK(line.find("\"action\":\"w\\ufffdk\"") != std::string::npos);
  CHECK(line.find("\"frame\":\"f\\ufffd\\ufffd\"") != std::string::npos);
}
