/// Parses the words after a subcommand's name against its declaration.
struct CommandParser {
  let command: CommandSpec
  /// The words that named the command: `["schema", "lint"]`.
  let commandPath: [String]

  /// The parsed command, or the first mistake in command-line order.
  func parse(_ words: [String]) -> Result<ParsedCommand, UsageError> {
    var optionValues: [String: [String]] = [:]
    var givenFlags: Set<String> = []
    var positionals: [String] = []
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded || !word.isOptionLike {
        positionals.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      let (name, attached) = word.optionParts
      if let option = lookUpOption(name) {
        if let attached {
          optionValues[option.name, default: []].append(attached)
        } else if index < words.count, !words[index].isOptionLike {
          optionValues[option.name, default: []].append(words[index])
          index += 1
        } else {
          return .failure(.missingValue(for: option, commandPath: commandPath))
        }
      } else if let flag = lookUpFlag(name) {
        if let attached {
          return .failure(
            .unexpectedValue(attached, forFlag: flag.synopsis, commandPath: commandPath))
        }
        givenFlags.insert(flag.name)
      } else if name == "--help", let attached {
        // A bare `--help` never gets here: the tool answers it before parsing the command.
        return .failure(.unexpectedValue(attached, forFlag: name, commandPath: commandPath))
      } else {
        let names = command.options.map(\.name) + command.flags.map(\.name) + ["help"]
        let candidates = names.map { "--\($0)" }
        return .failure(.unknownOption(word, candidates: candidates, commandPath: commandPath))
      }
    }
    return assign(positionals).map { argumentValues in
      ParsedCommand(
        spec: command, commandPath: commandPath, argumentValues: argumentValues, optionValues: optionValues,
        givenFlags: givenFlags)
    }
  }

  /// The option named by `--name` or `-x`.
  private func lookUpOption(_ name: String) -> OptionSpec? {
    command.options.first { matches(name, long: $0.name, short: $0.short) }
  }

  /// The flag named by `--name` or `-x`.
  private func lookUpFlag(_ name: String) -> FlagSpec? {
    command.flags.first { matches(name, long: $0.name, short: $0.short) }
  }

  private func matches(_ word: String, long: String, short: Character?) -> Bool {
    word == "--\(long)" || short.map { word == "-\($0)" } == true
  }

  /// Hands positional words to the declared arguments in order.
  ///
  /// Each argument takes what it can while leaving one word for every required argument after
  /// it, so a repeating argument may sit before a required one (`<inputs> ... <output>`).
  private func assign(_ words: [String]) -> Result<[String: [String]], UsageError> {
    var values: [String: [String]] = [:]
    var next = 0
    for (position, argument) in command.arguments.enumerated() {
      let reserved = command.arguments[(position + 1)...].filter { !$0.isOptional }.count
      let available = max(0, words.count - next - reserved)
      let count = argument.isRepeating ? available : min(1, available)
      if count == 0 && !argument.isOptional {
        return .failure(.missingArgument(argument, commandPath: commandPath))
      }
      values[argument.name] = Array(words[next..<(next + count)])
      next += count
    }
    guard next == words.count else {
      return .failure(.unexpectedArguments(Array(words[next...]), commandPath: commandPath))
    }
    return .success(values)
  }
}
