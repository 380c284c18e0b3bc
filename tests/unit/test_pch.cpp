// Nothing of its own: the target that makes the test code's precompiled header
// (tests/CMakeLists.txt, spritec_test_pch), which the test executables reuse.
