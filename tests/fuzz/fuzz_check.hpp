// FUZZ_CHECK: an assertion that stays on in every build type (fuzz targets are built with
// NDEBUG in RelWithDebInfo), so a broken invariant is a crash that libFuzzer and the
// corpus replayer both report.
#pragma once

#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(cond)                                                                 \
  do {                                                                                   \
    if (!(cond)) {                                                                       \
      std::fprintf(stderr, "%s:%d: FUZZ_CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
      std::abort();                                                                      \
    }                                                                                    \
  } while (0)
