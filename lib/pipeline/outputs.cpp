#include "outputs.hpp"

#include <filesystem>

#include "report.hpp"
#include "spritec/pipeline/commands.hpp"

namespace spritec::pipeline {

void add_inputs(io::OutputPlan& plan, const LoadedPack& pack) {
  for (std::size_t i = 0; i < pack.inputs.size(); ++i)
    plan.input(pack.inputs[i], i == 0 ? "the input" : "a file it reads");
}

bool check_outputs(const io::OutputPlan& plan, diag::Sink& sink) {
  std::optional<io::OutputProblem> problem = plan.check();
  if (!problem) return true;
  diag::Code code = problem->kind == io::Clash::kNotRegular ? diag::Code::kOutputNotFile
                                                            : diag::Code::kOutputClash;
  sink.error(code, {problem->path, 0, 0, 0}, problem->message);
  return false;
}

std::string output_name_problem(const std::string& name, OutputName kind) {
  if (name.empty())
    return kind == OutputName::kFile ? "is empty: name the file to write"
                                     : "is empty: name the directory to write into";
  if (kind == OutputName::kDirectory) return "";
  const std::string last = std::filesystem::path(name).filename().string();
  if (last.empty() || last == "." || last == "..")
    return "'" + name + "' names a directory, not a file: name the file to write";
  return "";
}

int write_failed(diag::Sink& sink, std::ostream& err, const std::string& command,
                 const diag::Failure& why) {
  sink.error(diag::Code::kWriteFailed, {"spritec " + command, 0, 0, 0}, why.message);
  return report(sink, err);
}

}  // namespace spritec::pipeline
