import SimModel

extension DecodedTable {
  /// One campaign's window: its figures, and how each postback and install adds to them (a new
  /// figure is declared and added to here, and rendered in `DecodedCSV`).
  public struct Row: Sendable, Equatable {
    /// Network and campaign names; the campaign is "?" plus the digits when a postback's
    /// source identifier matches no campaign or several.
    public var network: String
    public var campaign: String
    /// Postback sequence index (0 before 4.0); outputs show it plus one (windows 1–3).
    public var window: Int
    /// Attributed installs of the campaign (the same in each of its windows).
    public var installs = 0
    /// Winning postbacks the ad network accepted for this window.
    public var postbacks = 0
    /// Of those, how many carried a fine value, a coarse value, nothing, or a value the model
    /// cannot produce (counted, not decoded).
    public var fine = 0, coarse = 0, none = 0, unknown = 0
    /// True revenue in the window (in the decoder's currency), over the campaign's installs.
    public var trueRevenue = 0.0
    /// The sum of the decoded point estimates: measured plus imputed.
    public var decodedRevenue = 0.0
    /// Of that, what was imputed for postbacks without a value and windows whose postback never
    /// came (the calibrated estimator's conditional mean; nothing under the others).
    public var imputedRevenue = 0.0
    /// The calibrated forecast, from this window's postbacks (and those that never came), of
    /// the campaign's revenue in the windows after it: what a marketer reading postbacks up to
    /// this window adds for what is still to come (0 without a forecasting calibration).
    public var forecastRevenue = 0.0
    /// What the postbacks' values say, without imputation.
    public var measuredRevenue: Double { decodedRevenue - imputedRevenue }
    /// Per schema event: installs where it happened in the window, and postbacks saying so.
    public var trueEventUsers: [Int]
    public var decodedEventUsers: [Int]

    // What ``errorParts`` is made of (a run's rows only: postbacks from anywhere have no truth).
    /// What the campaign's own postbacks decoded to wherever their digits put them: those with
    /// a value (or an unknown one) and those without.
    package var valueDecoded = 0.0, nullDecoded = 0.0
    /// True revenue of the installs whose postback carried a value, carried none, was withheld
    /// at tier 0, or never arrived otherwise.
    package var valueTruth = 0.0, nullTruth = 0.0, withheldTruth = 0.0, lostTruth = 0.0
    /// Of the installs whose postback never arrived (not withheld), those whose first postback did.
    package var lostAfterFirst = 0
    /// Other campaigns' postbacks decoded here minus this campaign's decoded in other rows.
    package var ambiguity = 0.0
    /// Imputed for postbacks that never came (``CalibratedDecoding/imputingMissing(_:eventCount:)``),
    /// and how many.
    package var missingImputed = 0.0, missingPostbacks = 0

    /// What became of an install's postback for the row's window, for ``add(install:revenue:fate:eventCounts:)``.
    package enum PostbackFate {
      /// It arrived carrying a value (or an unknown one), or carrying none.
      case carriedValue, carriedNone
      /// Tier 0 withheld it (windows after the first).
      case withheld
      /// It never arrived otherwise; `afterFirst` when the install's first postback did.
      case lost(afterFirst: Bool)
    }

    /// Adds a postback that landed in this row, whose value was `fine` or coarse (or absent, for
    /// `.none`) and decoded to `outcome`, valued at `revenue` (imputed for `.none`), with its
    /// `forecast` of the windows after.
    package mutating func add(_ outcome: DecodingOutcome, fine: Bool, revenue: Double, forecast: Double = 0) {
      postbacks += 1
      forecastRevenue += forecast
      switch outcome {
      case .decoded(let decoded):
        if fine { self.fine += 1 } else { coarse += 1 }
        decodedRevenue += revenue
        for index in decodedEventUsers.indices where decoded.event(index) == true { decodedEventUsers[index] += 1 }
      case .unknown:
        unknown += 1
      case .none:
        none += 1
        decodedRevenue += revenue
        imputedRevenue += revenue
      }
    }

    /// Adds what a postback of this row's campaign decoded to (`value`), wherever its digits put
    /// it: `elsewhere` when that was another row, whose ambiguity takes it.
    package mutating func addOwn(_ value: Double, carriedValue: Bool, elsewhere: Bool) {
      if carriedValue { valueDecoded += value } else { nullDecoded += value }
      if elsewhere { ambiguity -= value }
    }

    /// Adds an install of the campaign: its true `revenue` in the window, what became of its
    /// postback, and its events' counts there (nil when the window has no measures).
    package mutating func add(install revenue: Double, fate: PostbackFate, eventCounts: [Int]?) {
      installs += 1
      trueRevenue += revenue
      switch fate {
      case .carriedValue: valueTruth += revenue
      case .carriedNone: nullTruth += revenue
      case .withheld: withheldTruth += revenue
      case .lost(let afterFirst):
        lostTruth += revenue
        if afterFirst { lostAfterFirst += 1 }
      }
      if let eventCounts {
        for index in trueEventUsers.indices where eventCounts.indices.contains(index) {
          if eventCounts[index] > 0 { trueEventUsers[index] += 1 }
        }
      }
    }

    /// Where the row's error (decoded − true revenue) comes from; the parts add up to it.
    ///
    /// The imputation for missing postbacks (a mean per postback) falls to the installs lost
    /// otherwise than by tier 0 first, up to the postbacks imputed, and to nulls for the rest.
    /// Granularity is worked out as the error minus the other three, which is what it equals
    /// (its postbacks' decoded minus their true revenue), so the four add up to the cent.
    public var errorParts: DecodingErrorParts {
      let perMissing = missingPostbacks > 0 ? missingImputed / Double(missingPostbacks) : 0
      let lateImputed = perMissing * Double(min(lostAfterFirst, missingPostbacks))
      var parts = DecodingErrorParts()
      parts.ambiguity = ambiguity
      parts.nulls = nullDecoded - nullTruth - withheldTruth + (missingImputed - lateImputed)
      parts.horizon = lateImputed - lostTruth
      parts.granularity = (decodedRevenue - trueRevenue) - parts.nulls - parts.ambiguity - parts.horizon
      return parts
    }
  }
}
