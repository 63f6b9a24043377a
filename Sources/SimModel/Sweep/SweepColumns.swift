/// The fixed column names of `sweep.csv`: the sweep reader refuses parameters named after them,
/// and the rows are written under them.
public enum SweepColumns {
  /// The columns before the parameters'.
  public static let leading = ["point", "replicate", "seed"]

  /// The outcome columns after the parameters', in order.
  public static let metrics: [String] =
    ["users", "attributedInstalls", "installsPerCampaignPerDay", "tier0Share", "tier1Share", "tier2Share", "tier3Share"]
    + (1...3).flatMap { ["postbacks\($0)", "fineShare\($0)", "coarseShare\($0)", "nullShare\($0)"] }
    + ["withheldPostbacks", "postbacksPerInstall", "postbacksPerInstall1", "postbacksPerInstall2", "postbacksPerInstall3"]
    + ["digits2Share", "digits3Share", "digits4Share", "trueRevenue", "decodedRevenue",
      "revenueError", "campaignRevenueError"]
    // After postback 1, 1–2 and 1–3: the campaigns' mean absolute error of horizon revenue (=
    // ROAS) estimated then, and the share of campaign pairs that estimate orders right.
    + (1...3).flatMap { ["earlyError\($0)", "earlyOrderedShare\($0)"] }
}
