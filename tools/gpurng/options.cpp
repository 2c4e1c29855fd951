#include "options.hpp"

namespace gpurng::cli {
namespace {

bool is_flag(const CLI::Option& opt) { return opt.get_items_expected_max() == 0; }

// The message (after "--name: ") for a value the option refuses; "" when it takes it. A flag's
// value is "true" when given alone.
std::string refusal(const CLI::Option& opt, const std::string& value) {
  if (is_flag(opt)) return value == "true" ? "" : "a flag takes no value (got '" + value + "')";
  return value.empty() ? "empty value; expected: " + opt.get_description() : "";
}

}  // namespace

void apply_option_rules(CLI::App& app) {
  for (CLI::App* cmd : app.get_subcommands([](CLI::App*) { return true; })) {
    for (CLI::Option* opt : cmd->get_options()) {
      if (opt == cmd->get_help_ptr()) continue;
      // CLI11 reports a refusal as "<option name>: <message>". transform() puts the rule before the
      // option's own checks (check() would put it after them).
      const CLI::Option& o = *opt;
      opt->transform(CLI::Validator([&o](std::string& value) { return refusal(o, value); }, "", ""));
    }
  }
}

std::string empty_equals_value(const CLI::App& app, int argc, char** argv) {
  const CLI::App* cmd = &app;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    if (argc > 1 && sub->get_name() == argv[1]) cmd = sub;
  }
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--") break;  // what follows is not an option
    if (arg.size() > 3 && arg.compare(0, 2, "--") == 0 && arg.back() == '=') {
      const std::string name = arg.substr(0, arg.size() - 1);
      const CLI::Option* opt = cmd->get_option_no_throw(name);
      if (opt == nullptr) return "unknown option " + name;
      return name + ": " + refusal(*opt, "");
    }
  }
  return "";
}

}  // namespace gpurng::cli
