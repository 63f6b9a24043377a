/// Where decoded-minus-true revenue comes from, in four parts that add up to it exactly.
///
/// Every install of a campaign counts its true revenue in a window once, by what happened to its
/// postback for that window, and every postback counts what it decoded to once, for the campaign
/// that truly won the install:
/// - ``granularity``: postbacks that carried a value (or one the model cannot produce, decoded
///   at zero): what they decoded to minus their installs' true revenue. A value stands for a
///   range of revenue; this is what the range's estimate misses.
/// - ``nulls``: postbacks without a value, and windows whose postback tier 0 withholds: what was
///   imputed for them (nothing under the range estimators) minus their installs' true revenue.
/// - ``ambiguity``: postbacks whose source-identifier digits named another campaign, or none
///   (two campaigns sharing their low digits): what other campaigns' installs decoded to in this
///   row, minus what this campaign's installs decoded to in other rows.
/// - ``horizon``: installs whose postback never arrived although tier 0 did not withhold it (it
///   was due after the run's horizon, or never sent because the app was not launched in time):
///   the imputation for missing postbacks that falls to them minus their true revenue.
public struct DecodingErrorParts: Sendable, Equatable {
  /// Value granularity (range width).
  public var granularity = 0.0
  /// Nulls and missing postbacks.
  public var nulls = 0.0
  /// Source-identifier ambiguity.
  public var ambiguity = 0.0
  /// Late or lost postbacks.
  public var horizon = 0.0

  /// Parts of zero.
  public init() {}

  /// The four parts' sum: the row's decoded minus true revenue.
  public var total: Double { granularity + nulls + ambiguity + horizon }

  /// The parts in report order, with the names every output uses.
  public var named: [(name: String, label: String, value: Double)] {
    [
      ("granularity", "value granularity", granularity), ("nulls", "nulls and missing postbacks", nulls),
      ("ambiguity", "source-identifier ambiguity", ambiguity), ("horizon", "late or lost postbacks", horizon),
    ]
  }

  /// The sum of two rows' parts (a campaign over its windows, a run over its campaigns).
  public static func + (a: DecodingErrorParts, b: DecodingErrorParts) -> DecodingErrorParts {
    var sum = DecodingErrorParts()
    sum.granularity = a.granularity + b.granularity
    sum.nulls = a.nulls + b.nulls
    sum.ambiguity = a.ambiguity + b.ambiguity
    sum.horizon = a.horizon + b.horizon
    return sum
  }
}
