import AttributionSim
import CommandLineKit

/// `--estimator` and `--calibration-installs`, for every command that decodes a run: which
/// estimator values postbacks, and how large the calibration cohort is.
enum DecodingOptions {
  static let estimator = Option(
    name: "estimator", valueName: "name",
    help: "Value postbacks with this estimator: calibrated (the conditional mean learned from calibration runs, "
      + "with nulls and missing postbacks imputed), midpoint or lower (of each value's revenue range).",
    defaultDescription: "the schema's decoding.estimate, calibrated unless it says otherwise",
    parsing: ValueParser<DecodingSettings.Estimate>.oneOf)
  static let calibrationInstalls = Option(
    name: "calibration-installs", valueName: "n",
    help: "Pool calibration runs (seeds hashed from the scenario's) until they hold N attributed installs.",
    defaultDescription: String(CalibrationSettings().installs), parsing: .integer(in: 1...100_000_000))

  /// What the command line chose.
  struct Choice {
    var estimator: DecodingSettings.Estimate?
    var settings = CalibrationSettings()
  }

  /// Reads both options.
  static func read(_ values: inout CommandValues) throws(UsageError) -> Choice {
    var choice = Choice(estimator: try values.read(estimator))
    if let installs = try values.read(calibrationInstalls) { choice.settings.installs = installs }
    return choice
  }

  /// The decoding of a run of `scenario`, calibrating it when the calibrated estimator applies.
  static func decoding(for scenario: Scenario, _ choice: Choice) -> CalibratedDecoding {
    Calibrator.decoding(for: scenario, estimator: choice.estimator, settings: choice.settings)
  }
}
