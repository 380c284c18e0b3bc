// The one shape every fallible call of spritec's libraries returns (docs/architecture.md,
// "Errors"): a value and an error, the error empty when the call succeeded.
//
//   Result<Image, image::Error> r = image::decode_png(bytes);
//   if (!r) return report(r.error);   // or r.ok()
//   use(r.value);
//
// `E` is the module's own error type: a struct whose value-initialised state means "no
// error" and whose `failed()` says otherwise (image::Error, pack::Error, diag::Failure
// below). The value is meaningful only when ok(). Both are `[[nodiscard]]`: ignoring a
// result is a compile warning (an error under -Werror).
//
// Calls that return nothing but may fail return `Status<E>`, the same shape without a
// value. pack/ and runtime/ depend on nothing of ours and declare their result the same
// way by hand (pack::Result, runtime's ParseResult).
#pragma once

#include <string>
#include <utility>

namespace spritec::diag {

// The error of modules whose failures are one sentence for the user (io's writes, the
// .spk writer, the animation encoders): empty when there was none.
struct Failure {
  std::string message;
  bool failed() const { return !message.empty(); }
};

template <class T, class E = Failure>
struct [[nodiscard]] Result {
  T value{};  // meaningful only when ok()
  E error{};

  Result() = default;
  Result(T v) : value(std::move(v)) {}  // NOLINT(google-explicit-constructor): `return v;`
  Result(E e) : error(std::move(e)) {}  // NOLINT(google-explicit-constructor): `return err;`
  bool ok() const { return !error.failed(); }
  explicit operator bool() const { return ok(); }
};

template <class E = Failure>
struct [[nodiscard]] Status {
  E error{};

  Status() = default;
  Status(E e) : error(std::move(e)) {}  // NOLINT(google-explicit-constructor)
  bool ok() const { return !error.failed(); }
  explicit operator bool() const { return ok(); }
};

// Shorthands for the Failure-typed results: `return fail("disk full");`.
inline Failure fail(std::string message) {
  return Failure{std::move(message)};
}

}  // namespace spritec::diag
