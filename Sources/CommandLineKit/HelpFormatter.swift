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

  /// The help for the command a path names, or for the tool when the path is empty.
  func help(for path: [String]) -> String {
    let command = tool.command(at: path)
    var blocks: [String] = []
    let abstract = command?.abstract ?? tool.abstract
    if !abstract.isEmpty {
      blocks.append("OVERVIEW: \(abstract)".wrapped(to: Self.screenWidth).joined(separator: "\n"))
    }
    let discussion = command?.discussion ?? tool.discussion
    if !discussion.isEmpty {
      blocks.append(discussion.wrapped(to: Self.screenWidth).joined(separator: "\n"))
    }
    blocks.append("USAGE: \(usage(for: path))")
    if let command, command.subcommands.isEmpty {
      blocks += commandSections(command)
    } else {
      blocks += groupSections(path)
    }
    return blocks.joined(separator: "\n\n")
  }

  /// The usage line without a prefix: `attrsim run <scenario> [--seed <n>]`.
  func usage(for path: [String]) -> String {
    let prefix = ([tool.name] + path).joined(separator: " ")
    guard let command = tool.command(at: path), command.subcommands.isEmpty else { return "\(prefix) <subcommand>" }
    let positionals = command.arguments.map(\.usage)
    let named = (command.options.map(\.synopsis) + command.flags.map(\.synopsis)).map { "[\($0)]" }
    var elements = positionals + named
    if elements.count > Self.maxUsageElements {
      // Every option and flag is optional, so only the positionals survive the collapse.
      elements = positionals.isEmpty ? ["<options>"] : ["[<options>]"] + positionals
    }
    return ([prefix] + elements).joined(separator: " ")
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

  /// OPTIONS and SUBCOMMANDS for the tool or a command with subcommands, in argument-parser's
  /// order; the tool's EXIT STATUS after them.
  private func groupSections(_ path: [String]) -> [String] {
    var options: [(String, String)] = []
    if path.isEmpty, tool.version != nil {
      options.append(("--version", "Show the version."))
    }
    options.append(Self.helpEntry)
    var sections = [section("OPTIONS", options)]
    let children = tool.children(at: path)
    if !children.isEmpty {
      let subcommands = section("SUBCOMMANDS", children.map { ($0.name, $0.abstract) })
      let helpPath = ([tool.name, "help"] + path).joined(separator: " ")
      sections.append(subcommands + "\n\n  See '\(helpPath) <subcommand>' for detailed help.")
    }
    if path.isEmpty, !tool.exitStatuses.isEmpty {
      sections.append(section("EXIT STATUS", tool.exitStatuses.map { (String($0.status), $0.meaning) }))
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
