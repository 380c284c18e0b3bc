// What the terminal asks for, decided once in main: the only place spritec reads the
// environment. The pipeline gets the answers as plain options (`colour`, `progress`).
#pragma once

namespace spritec::cli {

struct Terminal {
  bool colour = false;    // stderr is a terminal and NO_COLOR is unset or empty
  bool progress = false;  // stderr is a terminal and CI is unset or empty
};

Terminal detect_terminal();

}  // namespace spritec::cli
