import AttributionSim
import Foundation

/// The privacy fit's recovery study (issue 39): every setting of
/// ``PrivacyRecoveryStudy/Setting/issue39`` and the data-size series, `seeds` trials each, as a
/// Markdown table; fails when a parameter's coverage is under 90 % or the intervals do not narrow
/// as the data grows.
enum PrivacyCoverageBench {
  /// The coverage every setting and parameter must reach.
  static let minimumCoverage = 0.9

  /// The study's fit settings: runs and replicates chosen so the study fits CI's time (see
  /// Docs/privacy-fit.md, "Recovery").
  static func fitSettings(runs: Int?, replicates: Int?) -> PrivacyFitStudy.Settings {
    var settings = PrivacyFitStudy.Settings()
    settings.runs = runs ?? 8
    settings.replicates = replicates ?? 200
    return settings
  }

  /// Runs the study and prints it; returns whether it passed.
  static func run(seeds: Int, simulations: Int?, jobs: Int, runs: Int?, replicates: Int?, only: String?) -> Bool {
    let fit = fitSettings(runs: runs, replicates: replicates)
    let draws = simulations ?? 4
    var settings = PrivacyRecoveryStudy.Setting.issue39
    for setting in PrivacyRecoveryStudy.Setting.dataSizes where !settings.contains(setting) { settings.append(setting) }
    // A part of the study, to look into one setting; the narrowing check needs the whole series.
    if let only { settings = settings.filter { $0.name.contains(only) } }
    let measured = timed {
      PrivacyRecoveryStudy.run(settings, seeds: seeds, fit: fit, simulations: draws, jobs: jobs) { done in
        FileHandle.standardError.write(Data("privacy coverage: \(done)\n".utf8))
      }
    }
    let result = measured.result
    print(
      "Privacy fit recovery: \(seeds) seeds a setting, each world simulated \(min(draws, seeds)) times "
        + "(\(fit.runs) runs, each sizing every period), \(fit.replicates) bootstrap replicates, \(jobs) jobs")
    print("")
    print(result.markdown, terminator: "")
    print("")
    print("By setting: coverage and median width (installs; days for the period)")
    print("")
    print(result.summaryMarkdown, terminator: "")
    print("")
    print(String(format: "wall time: %.1f s, CPU time: %.1f s", measured.wall, measured.cpu))
    var passed = true
    for row in result.rows(coveredBelow: minimumCoverage) {
      print("FAILED: \(row.setting), \(row.parameter): coverage \(row.covered)/\(row.trials), under \(Int(minimumCoverage * 100)) %")
      passed = false
    }
    let series = PrivacyRecoveryStudy.Setting.dataSizes.map(\.name)
    for problem in only == nil ? result.narrowing(series) : [] {
      print("FAILED: \(problem)")
      passed = false
    }
    return passed
  }
}
