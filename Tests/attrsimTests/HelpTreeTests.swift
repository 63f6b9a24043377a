import CommandLineKit
import Foundation
import Testing

@testable import attrsim

@Suite("attrsim help matches the command tree")
struct HelpTreeTests {
  static let spec = AttrsimTool.spec

  @Test("'help schema lint' and 'help postback verify' show the nested commands' own help", arguments: [
    ["schema", "lint"], ["schema", "explain"], ["postback", "verify"],
  ])
  func nestedHelp(path: [String]) throws {
    guard case .help(let text) = Self.spec.parse(["help"] + path) else {
      Issue.record("'attrsim help \(path.joined(separator: " "))' is not help")
      return
    }
    #expect(text.contains("USAGE: attrsim \(path.joined(separator: " ")) <"))
    #expect(Self.spec.parse(path + ["--help"]) == .help(text))
  }

  @Test("The overview names every capability: SKAdNetwork, AdAttributionKit, Apple Ads/AdServices, the client SDK, delivery")
  func overviewCapabilities() throws {
    guard case .help(let text) = Self.spec.parse(["help"]) else {
      Issue.record("'attrsim help' is not help")
      return
    }
    let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for capability in ["SKAdNetwork", "AdAttributionKit", "Apple Ads", "AdServices", "client SDK", "delivery", "sweeps"] {
      #expect(flat.contains(capability), "overview lacks \(capability)")
    }
    for command in Self.spec.commands {
      #expect(text.contains("\n  \(command.name) "), "SUBCOMMANDS lacks \(command.name)")
    }
    #expect(text.contains("EXIT STATUS:\n  0 "))
  }

  @Test("Every command's help fits in 80 columns")
  func width() {
    for path in [[]] + Self.spec.commandPaths {
      for line in Self.spec.helpText(for: path).split(separator: "\n") where !line.hasPrefix("USAGE") {
        #expect(line.count <= 80, "\(path): \(line)")
      }
    }
  }
}
