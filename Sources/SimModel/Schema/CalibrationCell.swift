/// The calibration cohort's installs that share a window, a signal and a source: how many, and
/// the sums their conditional means divide.
public struct CalibrationCell: Hashable, Sendable {
  /// Where the installs' postbacks pointed: a network and campaign name as the decoded table
  /// names them (a campaign of "?" plus digits when the digits match no campaign or several);
  /// nil network and campaign for the pooled cell over every source.
  public struct Source: Hashable, Sendable, Comparable {
    public var network: String
    public var campaign: String
    /// A source.
    public init(network: String, campaign: String) {
      self.network = network
      self.campaign = campaign
    }
    public static func < (a: Source, b: Source) -> Bool { (a.network, a.campaign) < (b.network, b.campaign) }
  }

  /// The cell's key.
  public struct Key: Hashable, Sendable, Comparable {
    /// Postback sequence index (0 before 4.0).
    public var window: Int
    public var signal: CalibrationSignal
    /// Nil for the pooled cell.
    public var source: Source?
    /// A key.
    public init(window: Int, signal: CalibrationSignal, source: Source?) {
      self.window = window
      self.signal = signal
      self.source = source
    }
    public static func < (a: Key, b: Key) -> Bool {
      if a.window != b.window { return a.window < b.window }
      if a.source != b.source {
        guard let x = a.source else { return true }
        guard let y = b.source else { return false }
        return x < y
      }
      return a.signal < b.signal
    }
  }

  /// Installs in the cell.
  public var installs: Int
  /// Their true revenue in the window, summed, in the schema's currency.
  public var revenue: Double
  /// Per schema event, installs where it happened in the window.
  public var eventUsers: [Int]
  /// Their true revenue in the windows after this one (to the last window's end), summed: what
  /// a marketer who has only this window's postback forecasts from it.
  public var laterRevenue: Double

  /// A cell.
  public init(installs: Int = 0, revenue: Double = 0, eventUsers: [Int], laterRevenue: Double = 0) {
    self.installs = installs
    self.revenue = revenue
    self.eventUsers = eventUsers
    self.laterRevenue = laterRevenue
  }

  /// Mean true revenue per install.
  public var meanRevenue: Double { installs > 0 ? revenue / Double(installs) : 0 }
  /// Mean true revenue per install in the windows after this one.
  public var meanLaterRevenue: Double { installs > 0 ? laterRevenue / Double(installs) : 0 }

  /// Adds `other`'s installs.
  public mutating func add(_ other: CalibrationCell) {
    installs += other.installs
    revenue += other.revenue
    laterRevenue += other.laterRevenue
    for index in eventUsers.indices where other.eventUsers.indices.contains(index) {
      eventUsers[index] += other.eventUsers[index]
    }
  }

  /// The cells of `tables` summed per key (`pooling` maps a cell's key to the key it joins),
  /// each table in key order: floating-point sums depend on order, outputs must not.
  public static func summing(
    _ tables: some Sequence<[Key: CalibrationCell]>, eventCount: Int, pooling: (Key) -> Key = { $0 }
  ) -> [Key: CalibrationCell] {
    var sums: [Key: CalibrationCell] = [:]
    for table in tables {
      for (key, cell) in table.sorted(by: { $0.key < $1.key }) {
        sums[pooling(key), default: CalibrationCell(eventUsers: Array(repeating: 0, count: eventCount))].add(cell)
      }
    }
    return sums
  }
}
