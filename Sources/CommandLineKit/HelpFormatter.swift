/// Renders help and usage text in swift-argument-parser's layout.
struct HelpFormatter {
  /// The full width help is wrapped to.
  static let screenWidth = 80
  /// The column help strings start at, after the indented labels.
  static let labelColumnWidth = 26
  /// The indentation of each entry in a section.
  static let sectionIndent = 2
  /// argument-parser collapses longer usage lines to `[<options>]`.
  static let maxUsageElements = 12

  let tool: ToolSpec

  /// The help for a command, or for the tool when `command` is nil.
  func help(for command: CommandSpec?) -> String {
    var blocks: [String] = []
    let abstract = command?.abstract ?? tool.abstract
    if !abstract.isEmpty {
      blocks.append("OVERVIEW: \(abstract)".wrapped(to: Self.screenWidth).joined(separator: "\n"))
    }
    let discussion = command?.discussion ?? tool.discussion
    if !discussion.isEmpty {
      blocks.append(discussion.wrapped(to: Self.screenWidth).joined(separator: "\n"))
    }
    blocks.append("USAGE: \(usage(for: command))")
    if let command {
      blocks += commandSections(command)
    } else {
      blocks += toolSections()
    }
    return blocks.joined(separator: "\n\n")
  }

  /// The usage line without a prefix: `attrsim run <scenario> [--seed <n>]`.
  func usage(for command: CommandSpec?) -> String {
    guard let command else { return "\(tool.name) <subcommand>" }
    let positionals = command.arguments.map(\.usage)
    let named = (command.options.map(\.synopsis) + command.flags.map(\.synopsis)).map { "[\($0)]" }
    var elements = positionals + named
    if elements.count > Self.maxUsageElements {
      // Every option and flag is optional, so only the positionals survive the collapse.
      elements = positionals.isEmpty ? ["<options>"] : ["[<options>]"] + positionals
    }
    return ([tool.name, command.name] + elements).joined(separator: " ")
  }

  /// ARGUMENTS and OPTIONS for a command.
  private func commandSections(_ command: CommandSpec) -> [String] {
    var sections: [String] = []
    if !command.arguments.isEmpty {
      sections.append(section("ARGUMENTS", command.arguments.map { ($0.label, $0.help) }))
    }
    var options = command.options.map { option in
      let defaultNote = option.defaultDescription.map { "(default: \($0))" } ?? ""
      let help = [option.help, defaultNote].filter { !$0.isEmpty }.joined(separator: " ")
      return (option.label, help)
    }
    options += command.flags.map { ($0.label, $0.help) }
    options.append(Self.helpEntry)
    sections.append(section("OPTIONS", options))
    return sections
  }

  /// OPTIONS and SUBCOMMANDS for the tool, in argument-parser's order.
  private func toolSections() -> [String] {
    var options: [(String, String)] = []
    if tool.version != nil {
      options.append(("--version", "Show the version."))
    }
    options.append(Self.helpEntry)
    var sections = [section("OPTIONS", options)]
    if !tool.commands.isEmpty {
      let subcommands = section("SUBCOMMANDS", tool.commands.map { ($0.name, $0.abstract) })
      sections.append(subcommands + "\n\n  See '\(tool.name) help <subcommand>' for detailed help.")
    }
    return sections
  }

  /// The entry every command and the tool offer.
  private static let helpEntry = ("-h, --help", "Show help information.")

  /// A titled section of label/help entries.
  private func section(_ title: String, _ entries: [(label: String, help: String)]) -> String {
    ([title + ":"] + entries.map { entry($0.label, $0.help) }).joined(separator: "\n")
  }

  /// One entry: the label indented, the help at the label column, wrapped beneath it.
  private func entry(_ label: String, _ help: String) -> String {
    let paddedLabel = String(repeating: " ", count: Self.sectionIndent) + label
    guard !help.isEmpty else { return paddedLabel }
    var lines = help.wrapped(to: Self.screenWidth, indent: Self.labelColumnWidth)
    if paddedLabel.count < Self.labelColumnWidth {
      // The first help line shares the label's line; its indent becomes the label's padding.
      let firstLine = lines.removeFirst().dropFirst(Self.labelColumnWidth)
      let padding = String(repeating: " ", count: Self.labelColumnWidth - paddedLabel.count)
      lines.insert(paddedLabel + padding + firstLine, at: 0)
    } else {
      lines.insert(paddedLabel, at: 0)
    }
    return lines.joined(separator: "\n")
  }
}
