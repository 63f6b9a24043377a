/// One row of a fitter's own install counts (`attrsim privacy fit --volumes`): installs of one
/// network's campaign on one UTC day (summed over the rows' publishers and countries).
public struct InstallVolume: Hashable, Sendable {
  /// Days since 1970-01-01 (UTC).
  public var day: Int
  /// The ad network as the row names it: its identifier or the scenario's name for it.
  public var network: String
  /// The campaign id or source identifier the network set.
  public var campaign: Int
  public var installs: Int
  /// The row's line in its file.
  public var line: Int

  /// A row with every part given.
  public init(day: Int, network: String, campaign: Int, installs: Int, line: Int) {
    self.day = day
    self.network = network
    self.campaign = campaign
    self.installs = installs
    self.line = line
  }
}
