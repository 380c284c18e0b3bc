// Definitions and scenes whose one free mapping key (an action name, a pack name) is N
// copies of one character of 1, 2, 3 or 4 bytes in UTF-8, for N around the length at which
// YAML stops reading it as a key: plain, single- and double-quoted, in a block and in a flow
// mapping, with and without a space before the ':'. Used by yaml_libyaml_test (both parsers
// must read each text alike) and the scene tests (a scene's reading must not depend on an
// unrelated backslash that sends its text to yaml-cpp).
//
// What each text should give is worked out here from how the text is built, not by a
// parser. YAML 1.2 (rules 154 and 155, ns-s-implicit-yaml-key) limits an implicit key to
// one line and "at most 1024 characters altogether", counted from the key's first
// character (its opening quote, if quoted) to the ':'. yaml-cpp, which reads every text
// spritec does not leave to libyaml and reports every mistake, counts that distance in
// bytes (Scanner::VerifySimpleKey: INPUT.pos() - key.mark.pos > 1024 makes the key invalid,
// and the ':' after it is then a syntax error): a key reads when the ':' is at most 1,024
// bytes after the key's first byte. That is the rule spritec documents and these texts
// expect.
#pragma once

#include <string>
#include <vector>

namespace yaml_long_keys {

inline constexpr int kReach = 1024;  // bytes from a key's first byte to its ':', at most

// An unrelated comment with a backslash: it sent the text to yaml-cpp (issue 23, finding 8).
inline const std::string kBackslashComment = "# art from C:\\art\n";

struct KeyText {
  std::string text;    // the whole document, without kBackslashComment
  std::string parent;  // the key of the mapping that holds the long key
  std::string key;     // the long key as read (without quotes)
  int line = 0;        // where the long key starts (its quote, if quoted): 1-based
  int column = 0;      // 1-based, bytes
  bool reads = false;  // the ':' is at most kReach bytes after the key's first byte
  std::string label;   // how the text was built, for messages
};

// The head of the definitions: a 48x8 strip cut into six 8x8 cells (as def_test::kHead).
inline const std::string kDefinitionHead =
    "pack: p\n"
    "sheets:\n"
    "  - name: s\n"
    "    image: img/strip48x8.png\n"
    "    grid: {cell: [8, 8], origin: [4, 7]}\n";
inline const std::string kSceneHead = "stage: {size: [320, 200]}\nfps: 30\n";

inline int lines_in(const std::string& s) {
  int n = 0;
  for (char c : s)
    n += c == '\n' ? 1 : 0;
  return n;
}

// Counts of the character around both readings of the limit: the most that fit in 1,024
// bytes and one more; for multi-byte characters also one between, and the most that fit
// in 1,024 characters (libyaml's count) and one more.
inline std::vector<int> counts_around(int width, int overhead) {
  const int by_bytes = (kReach - overhead) / width;
  const int by_chars = kReach - overhead;
  if (width == 1) return {by_bytes, by_bytes + 1};
  return {by_bytes, by_bytes + 1, (by_bytes + by_chars) / 2, by_chars, by_chars + 1};
}

inline std::vector<KeyText> texts() {
  const char* chars[] = {"k", "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80"};  // k é € 😀
  const char* quotes[] = {"", "'", "\""};
  std::vector<KeyText> out;
  for (int scene = 0; scene < 2; ++scene) {
    for (int flow = 0; flow < 2; ++flow) {
      for (int q = 0; q < 3; ++q) {
        for (int spaces = 0; spaces < 2; ++spaces) {
          for (int w = 1; w <= 4; ++w) {
            const int overhead = (q == 0 ? 0 : 2) + spaces;
            for (int n : counts_around(w, overhead)) {
              KeyText t;
              t.parent = scene ? "packs" : "actions";
              for (int i = 0; i < n; ++i)
                t.key += chars[w - 1];
              const std::string head = scene ? kSceneHead : kDefinitionHead;
              const std::string value = scene ? "t.spk" : "{frames: [s/0]}";
              // "actions:\n  KEY: value\n" or "actions: {KEY: value}\n"
              const std::string before = flow ? t.parent + ": {" : t.parent + ":\n  ";
              const std::string written =
                  quotes[q] + t.key + quotes[q] + std::string(spaces, ' ') + ": " + value;
              t.text = head + before + written + (flow ? "}\n" : "\n");
              const std::string prefix = head + before;  // ends on the key's line
              t.line = lines_in(prefix) + 1;
              t.column = static_cast<int>(prefix.size() - prefix.rfind('\n'));
              t.reads = overhead + n * w <= kReach;
              t.label = std::string(scene ? "scene" : "definition") + ", " +
                        (flow ? "flow" : "block") + " mapping, " +
                        (q == 0   ? "plain"
                         : q == 1 ? "single-quoted"
                                  : "double-quoted") +
                        " key of " + std::to_string(n) + " x " + std::to_string(w) +
                        "-byte character" + (spaces ? ", a space before ':'" : "");
              out.push_back(std::move(t));
            }
          }
        }
      }
    }
  }
  return out;
}

}  // namespace yaml_long_keys
