// spritec::io — writing a command's outputs without ever harming an input.
//
// Every command that writes files does it in three steps:
//   1. plan:   OutputPlan lists every file the command reads and every file it will write
//              (with the flag that named it). check() compares each output with every
//              input and with the other outputs — by canonical path and by device and
//              inode, so symbolic and hard links count — and refuses an existing output
//              that is not a regular file (a device, FIFO, directory or socket). Nothing
//              has been written when it fails.
//   2. stage:  OutputSet::stage() writes each output to an unnamed temporary file in the
//              target's directory (O_TMPFILE; parent directories are created), so a
//              process killed at this point leaves nothing behind.
//   3. commit: OutputSet::commit() gives every staged file its name, in the order staged,
//              only when all of them were written. Files it replaces are kept (hard-linked)
//              until the last rename succeeded; when a rename fails, the ones already done
//              are rolled back, so the set is replaced as a whole or not at all.
//              An output that exists as a regular file holding exactly the staged bytes is
//              left untouched, its modification time too (the staged copy is dropped), so
//              build tools that compare times (Ninja's restat) skip the steps after it.
//              The set is still consistent: a kept file already is what the set wants.
//              Files read together (a pack and its page files, which a build tool does not
//              see) can be bound with keep_together(): then they are left untouched only
//              when every one of them is unchanged, so a new page also gives the pack a
//              new time.
//
// Nothing here prints or throws; failures are returned as values (diag::Status and
// diag::Result with a diag::Failure: one sentence naming the file and the reason).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include "spritec/diag/result.hpp"

namespace spritec::io {

// Why an output plan was refused.
enum class Clash {
  kReplacesInput,  // an output is (or links to) a file the command reads
  kSameOutput,     // two outputs are the same file
  kNotRegular,     // an output exists and is a device, FIFO, directory or socket
};

struct OutputProblem {
  Clash kind = Clash::kReplacesInput;
  std::string flag;        // the flag that named the output ("-o", "--json", "--json (page)")
  std::string path;        // the output, as given
  std::string other;       // the input or other output it clashes with, as given
  std::string other_flag;  // kSameOutput: the other output's flag
  std::string message;     // one sentence naming both files and the flag to change
};

// The files a command reads and writes.
class OutputPlan {
 public:
  // A file the command reads (the definition, every image, a pack, its page files, a scene).
  // `what` names it in messages ("the definition", "an image the definition reads").
  void input(const std::filesystem::path& path, std::string what = "an input");
  // A file the command will write and the flag that named it. `role` is set for a file the
  // flag names indirectly ("its page image" for --json's PNG beside it).
  void output(const std::filesystem::path& path, std::string flag, std::string role = "");
  // The first problem found, in the order outputs were added; empty when all is well.
  [[nodiscard]] std::optional<OutputProblem> check() const;

 private:
  struct Entry {
    std::filesystem::path path;
    std::string label;  // what (inputs) or flag (outputs)
    std::string role;   // outputs named indirectly
  };
  std::string describe(const Entry& output) const;
  std::vector<Entry> inputs_;
  std::vector<Entry> outputs_;
};

// One output being written. Write to it (directly or through stream()); the set commits it.
class StagedFile {
 public:
  StagedFile(const StagedFile&) = delete;
  StagedFile& operator=(const StagedFile&) = delete;
  ~StagedFile();

  // Appends bytes; after a failure further writes are ignored and error() says why.
  void write(std::string_view data);
  void write(const std::vector<std::uint8_t>& data);
  // A std::streambuf over write(), buffered, for writers that take a std::ostream.
  std::streambuf* streambuf();
  const std::filesystem::path& target() const { return target_; }
  const diag::Failure& error() const { return error_; }

 private:
  friend class OutputSet;
  explicit StagedFile(std::filesystem::path target);
  diag::Status<> open();                            // creates the temporary
  diag::Status<> finish();                          // flushes the stream buffer and fsyncs
  diag::Result<std::filesystem::path> link_temp();  // gives the temporary a name
  diag::Status<> park();                            // names the finished temporary and closes it

  class Buffer;
  std::filesystem::path target_;
  int fd_ = -1;
  bool unnamed_ = false;             // O_TMPFILE: no name until commit
  std::filesystem::path temp_path_;  // the fallback's named temporary
  diag::Failure error_;
  std::unique_ptr<Buffer> buffer_;
};

// The outputs of one command, committed together.
class OutputSet {
 public:
  OutputSet();
  OutputSet(const OutputSet&) = delete;
  OutputSet& operator=(const OutputSet&) = delete;
  ~OutputSet();  // removes every temporary not committed

  // Opens an output for writing (creating its parent directories): the file, which the set
  // owns, or why it could not ("cannot write …: cannot create the directory …").
  diag::Result<StagedFile*> open(const std::filesystem::path& target);
  // Opens, writes and finishes one output in one call.
  diag::Status<> stage(const std::filesystem::path& target, std::string_view data);
  diag::Status<> stage(const std::filesystem::path& target, const std::vector<std::uint8_t>& data);
  // Binds staged outputs (their targets, as staged) that are read together: commit()
  // leaves them untouched only when all of them already hold their new bytes, and
  // otherwise writes every one. A target not staged is ignored.
  void keep_together(const std::vector<std::filesystem::path>& targets);
  // Names every staged file, in the order opened, leaving an existing regular file that
  // holds the same bytes untouched (with the files bound to it). All or nothing (see the
  // file comment).
  diag::Status<> commit();

 private:
  static constexpr std::size_t kOpenFiles = 64;
  std::vector<std::unique_ptr<StagedFile>> files_;
  std::vector<std::vector<std::filesystem::path>> together_;
};

// Whether a path names an existing file that is not a regular file (following links).
bool exists_not_regular(const std::filesystem::path& path);

}  // namespace spritec::io
