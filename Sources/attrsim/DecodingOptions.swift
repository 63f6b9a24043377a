import AttributionSim
import CommandLineKit

/// `--estimator` and `--calibration-installs`, for every command that decodes a run: which
/// estimator values postbacks, and how large the calibration cohort is. A group of two groups,
/// so a command that lists another option between them (merge) or takes only one (calibrate)
/// includes each on its own.
struct DecodingOptions {
  /// `--estimator`.
  struct Estimator {
    @Option(
      name: "estimator", valueName: "name",
      help: "Value postbacks with this estimator: calibrated (the conditional mean learned from calibration runs, "
        + "with nulls and missing postbacks imputed), midpoint or lower (of each value's revenue range).",
      defaultDescription: "the schema's decoding.estimate, calibrated unless it says otherwise",
      parsing: ValueParser<DecodingSettings.Estimate>.oneOf)
    var estimate: DecodingSettings.Estimate?
  }

  /// `--calibration-installs`.
  struct Installs {
    @Option(
      name: "calibration-installs", valueName: "n",
      help: "Pool calibration runs (seeds hashed from the scenario's) until they hold N attributed installs.",
      defaultDescription: String(CalibrationSettings().installs), parsing: .integer(in: 1...100_000_000))
    var count: Int?

    /// The calibration settings with the count the command line gave.
    var settings: CalibrationSettings {
      var settings = CalibrationSettings()
      if let count { settings.installs = count }
      return settings
    }
  }

  /// What the command line chose.
  struct Choice {
    var estimator: DecodingSettings.Estimate?
    var settings = CalibrationSettings()
  }

  let estimator = Estimator()
  let installs = Installs()

  /// Both options' choice.
  var choice: Choice {
    Self.choice(estimator, installs)
  }

  /// The choice of two options included on their own.
  static func choice(_ estimator: Estimator, _ installs: Installs) -> Choice {
    Choice(estimator: estimator.estimate, settings: installs.settings)
  }

  /// The decoding of a run of `scenario`, calibrating it when the calibrated estimator applies.
  static func decoding(for scenario: Scenario, _ choice: Choice) -> CalibratedDecoding {
    Calibrator.decoding(for: scenario, estimator: choice.estimator, settings: choice.settings)
  }
}
