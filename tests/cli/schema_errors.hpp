// Validating a JSON output against one of the schemas that ship in schemas/ (valijson, the
// project's independent JSON Schema validator).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>

#include "cli_run.hpp"

namespace spritec_cli_test {

// The problems of `doc` against schemas/SCHEMA_FILE, one a line ("" when it is valid).
inline std::string schema_errors(const std::string& schema_file, const nlohmann::json& doc) {
  nlohmann::json schema_doc = nlohmann::json::parse(read_text(kSource / "schemas" / schema_file));
  valijson::Schema schema;
  valijson::SchemaParser parser;
  valijson::adapters::NlohmannJsonAdapter schema_adapter(schema_doc);
  parser.populateSchema(schema_adapter, schema);
  valijson::Validator validator;
  valijson::ValidationResults results;
  valijson::adapters::NlohmannJsonAdapter target(doc);
  std::string out;
  if (!validator.validate(schema, target, &results)) {
    valijson::ValidationResults::Error error;
    while (results.popError(error)) {
      std::string path;
      for (const std::string& c : error.context)
        path += c;
      out += path + ": " + error.description + "\n";
    }
  }
  return out;
}

}  // namespace spritec_cli_test
