/// What ``PrivacyRecoveryStudy`` found: each setting's trials, and per setting and parameter how
/// often the 95 % interval held the truth and how wide it was.
public struct PrivacyRecoveryResult: Sendable {
  /// One setting's trials, in seed order.
  public struct SettingTrials: Sendable {
    public var setting: PrivacyRecoveryStudy.Setting
    public var trials: [PrivacyRecoveryStudy.Trial]
  }

  /// One setting's figures for one parameter, over its trials.
  public struct Row: Sendable, Equatable {
    public var setting: String
    public var parameter: String
    public var truth: Double
    public var trials: Int
    /// Trials whose interval (or lone bound) held the truth.
    public var covered: Int
    /// Trials whose interval had both bounds: the widths' count.
    public var bounded: Int
    /// The median over trials with both bounds; nil when none had.
    public var medianWidth: Double?
    /// The median over trials with an estimate; nil when none had.
    public var medianEstimate: Double?
    /// The median of the trials' winning postbacks 1.
    public var medianPostbacks: Double

    /// The share of trials covered.
    public var coverage: Double { Double(covered) / Double(max(1, trials)) }
  }

  public var settings: [SettingTrials]

  /// The result of `settings`, each with its trials.
  public init(settings: [(PrivacyRecoveryStudy.Setting, [PrivacyRecoveryStudy.Trial])]) {
    self.settings = settings.map { SettingTrials(setting: $0.0, trials: $0.1) }
  }

  /// Per setting, per parameter the evidence spoke to (in the trials' order).
  public var rows: [Row] {
    settings.flatMap { entry in
      let parameters = entry.trials.first?.recoveries.map(\.parameter) ?? []
      let postbacks = Self.median(entry.trials.map { Double($0.postbacks) }) ?? 0
      return parameters.map { parameter in
        let recoveries = entry.trials.compactMap { $0.recoveries.first { $0.parameter == parameter } }
        let widths = recoveries.compactMap(\.width)
        return Row(
          setting: entry.setting.name, parameter: parameter, truth: recoveries.first?.truth ?? 0, trials: recoveries.count,
          covered: recoveries.filter(\.covered).count, bounded: widths.count, medianWidth: Self.median(widths),
          medianEstimate: Self.median(recoveries.compactMap(\.estimate)), medianPostbacks: postbacks)
      }
    }
  }

  /// The rows covered in fewer than `minimum` of their trials.
  public func rows(coveredBelow minimum: Double) -> [Row] { rows.filter { $0.coverage < minimum } }

  /// Where the settings named `series` (in order of growing data) fail to narrow: for each
  /// parameter, a median width that grows from one to the next, or one above zero at the first
  /// that is not smaller at the last. Empty when they narrow.
  public func narrowing(_ series: [String]) -> [String] {
    let rows = rows
    var problems: [String] = []
    for parameter in rows.filter({ $0.setting == series.first }).map(\.parameter) {
      let widths = series.map { name in rows.first { $0.setting == name && $0.parameter == parameter }?.medianWidth }
      let shown = widths.map { $0.map(Self.figure) ?? "–" }.joined(separator: ", ")
      let known = widths.compactMap { $0 }
      guard known.count == widths.count, let first = known.first, let last = known.last else {
        problems.append("\(parameter): no median width in every setting of the series (\(shown))")
        continue
      }
      if zip(known, known.dropFirst()).contains(where: { $1 > $0 }) || (first > 0 && last >= first) {
        problems.append("\(parameter): median widths \(shown) do not narrow from \(series.first!) to \(series.last!)")
      }
    }
    return problems
  }

  /// The rows as a Markdown table: setting, parameter, truth, coverage, median width (and how
  /// many intervals had only one bound), median estimate, median postbacks.
  public var markdown: String {
    var lines = [
      "| Setting | Parameter | Truth | Coverage | Median width | Median estimate | Postbacks |",
      "|---|---|--:|--:|--:|--:|--:|",
    ]
    for row in rows {
      let oneSided = row.trials - row.bounded
      let width = (row.medianWidth.map(Self.figure) ?? "–") + (oneSided > 0 ? " (\(oneSided) one-sided)" : "")
      lines.append(
        "| \(row.setting) | \(row.parameter) | \(Self.figure(row.truth)) | \(row.covered)/\(row.trials) "
          + "(\(Int((row.coverage * 100).rounded())) %) | \(width) | \(row.medianEstimate.map(Self.figure) ?? "–") | "
          + "\(Self.figure(row.medianPostbacks)) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One line a setting, for the README: each parameter's coverage and median width (installs,
  /// or days for the period); "–" for a threshold the evidence cannot show.
  public var summaryMarkdown: String {
    let rows = rows
    var lines = [
      "| Setting | Postbacks | Tier 1 | Tier 2 | Tier 3 | Crowd period |",
      "|---|--:|--:|--:|--:|--:|",
    ]
    for entry in settings {
      let name = entry.setting.name
      let cells = ["tier1", "tier2", "tier3", "period"].map { parameter in
        rows.first { $0.setting == name && $0.parameter == parameter }.map { row in
          "\(Int((row.coverage * 100).rounded())) %, \(row.medianWidth.map(Self.figure) ?? "–")"
        } ?? "–"
      }
      let postbacks = rows.first { $0.setting == name }.map { Self.figure($0.medianPostbacks) } ?? "–"
      lines.append("| \(name) | \(postbacks) | \(cells.joined(separator: " | ")) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The median: the middle value, or the mean of the middle two; nil for none.
  static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    return (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
  }

  /// A figure without a trailing ".0", halves kept.
  static func figure(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String((value * 10).rounded() / 10)
  }
}
