/// Renders a tool's command tree as a roff man page (section 1), in the `man 7 man` macros.
struct ManPage {
  let tool: ToolSpec

  /// The page's roff source without a final newline, like all help text; no date, so the same
  /// tree gives the same page.
  func render() -> String {
    var lines = [".TH \(tool.name.uppercased()) 1 \"\" \"\(quoted(versionLine))\" \"User Commands\""]
    lines += [".SH NAME", "\(escaped(tool.name)) \\- \(escaped(tool.abstract))"]
    lines += [".SH SYNOPSIS"] + tool.commandPaths.filter(isLeaf).map { ".B \(escaped(usage($0)))" }.joinedAsLines
    lines += [".SH DESCRIPTION"] + paragraphs(tool.discussion)
    lines.append(".SH COMMANDS")
    for path in tool.commandPaths {
      lines += commandSection(path)
    }
    if !tool.exitStatuses.isEmpty {
      lines.append(".SH EXIT STATUS")
      for note in tool.exitStatuses {
        lines += [".TP", ".B \(note.status)", escaped(note.meaning)]
      }
    }
    for section in tool.manSections {
      lines.append(".SH \(escaped(section.title))")
      lines += section.paragraphs.flatMap { [".PP", escaped($0)] }
    }
    return lines.joined(separator: "\n")
  }

  private var versionLine: String {
    tool.version.map { "\(tool.name) \($0)" } ?? tool.name
  }

  private func isLeaf(_ path: [String]) -> Bool {
    tool.command(at: path)?.subcommands.isEmpty == true
  }

  private func usage(_ path: [String]) -> String {
    HelpFormatter(tool: tool).usage(for: path)
  }

  /// `attrsim schema lint`: its usage, abstract, discussion, arguments and options.
  private func commandSection(_ path: [String]) -> [String] {
    guard let command = tool.command(at: path) else { return [] }
    var lines = [".SS \"\(quoted(([tool.name] + path).joined(separator: " ")))\""]
    lines += paragraphs(command.abstract) + paragraphs(command.discussion)
    guard command.subcommands.isEmpty else {
      let names = command.subcommands.map { "\\fB\(escaped($0.name))\\fR" }.joined(separator: ", ")
      return lines + [".PP", "Subcommands: \(names)."]
    }
    lines += [".PP", "Usage: \\fB\(escaped(usage(path)))\\fR"]
    for argument in command.arguments {
      lines += [".TP", "\\fI\(escaped(argument.label))\\fR", escaped(argument.help)]
    }
    for option in command.options {
      let label = (option.short.map { "\\fB\\-\($0)\\fR, " } ?? "")
        + "\\fB\(escaped("--" + option.name))\\fR \\fI<\(escaped(option.valueName))>\\fR"
      let defaultNote = option.defaultDescription.map { " (default: \($0))" } ?? ""
      lines += [".TP", label, escaped(option.help + defaultNote)]
    }
    for flag in command.flags {
      let label = (flag.short.map { "\\fB\\-\($0)\\fR, " } ?? "") + "\\fB\(escaped("--" + flag.name))\\fR"
      lines += [".TP", label, escaped(flag.help)]
    }
    return lines
  }

  /// Blank-line separated text as `.PP` paragraphs.
  private func paragraphs(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: true).flatMap { [".PP", escaped(String($0))] }
  }

  /// Text safe in roff: backslashes and minus signs escaped, other than ASCII as `\[u2192]`, no
  /// line starting with a control character.
  private func escaped(_ text: String) -> String {
    var body = ""
    for scalar in text.escaping(["\\": "\\e", "-": "\\-"]).unicodeScalars {
      body += scalar.isASCII ? String(scalar) : "\\[u\(hex(scalar.value))]"
    }
    return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
  }

  /// Four or more upper-case hex digits, as roff's `\[uXXXX]` wants them.
  private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// Text inside a double-quoted macro argument.
  private func quoted(_ text: String) -> String {
    escaped(text).escaping(["\"": "\\(dq"])
  }
}

extension [String] {
  /// Usage lines one under another (`.br` between them) rather than run together.
  fileprivate var joinedAsLines: [String] {
    enumerated().flatMap { $0.offset == 0 ? [$0.element] : [".br", $0.element] }
  }
}

extension ToolSpec {
  /// The tool's man page in roff, as `help --man` prints it.
  public func manPage() -> String {
    ManPage(tool: self).render()
  }
}
