import SimEngine
import SimJSON

/// What each campaign delivered in a run, as spend needs it: impressions the devices recorded,
/// clicks among them, and the days (from the epoch) they happened on.
public struct CampaignDelivery: Sendable, Equatable {
  /// One campaign's counts.
  public struct Counts: Sendable, Equatable {
    /// Impressions recorded (views that lasted long enough, and clicks) and clicks among them.
    public var impressions = 0, clicks = 0
    /// Recorded impressions per day from the epoch; a day with none is not listed.
    public var impressionsByDay: [Int: Int] = [:]
    /// Days on which the campaign recorded at least one impression.
    public var days: Int { impressionsByDay.values.filter { $0 > 0 }.count }

    public init() {}

    mutating func record(day: Int, click: Bool, count: Int) {
      impressions += count
      if click { clicks += count }
      impressionsByDay[day, default: 0] += count
      if impressionsByDay[day] == 0 { impressionsByDay[day] = nil }
    }
  }

  /// Counts by network and campaign index.
  public private(set) var campaigns: [[Int]: Counts] = [:]

  public init() {}

  /// One campaign's counts (zero when it recorded nothing).
  public func counts(network: Int, campaign: Int) -> Counts { campaigns[[network, campaign]] ?? Counts() }

  /// Counts an impression the device recorded (`count` -1 takes back a view replaced before it
  /// ended: it was counted when it started).
  package mutating func record(network: Int, campaign: Int, click: Bool, at time: SimTime, count: Int = 1) {
    let day = Int(time.milliseconds / SimDuration.days(1).milliseconds)
    // In place: a copy of the entry made its day counts copy themselves on every impression.
    campaigns[[network, campaign], default: Counts()].record(day: day, click: click, count: count)
  }

  /// Adds `other`'s counts (another shard's users).
  package mutating func add(_ other: CampaignDelivery) {
    for (key, counts) in other.campaigns {
      var entry = campaigns[key] ?? Counts()
      entry.impressions += counts.impressions
      entry.clicks += counts.clicks
      for (day, count) in counts.impressionsByDay { entry.impressionsByDay[day, default: 0] += count }
      campaigns[key] = entry
    }
  }

  /// The counts as shards write them: `[[network, campaign, impressions, clicks, [[day, count], …]], …]`, sorted.
  package var json: JSONValue {
    .array(
      campaigns.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { key in
        let counts = campaigns[key]!
        let days: [JSONValue] = counts.impressionsByDay.keys.sorted().map {
          .array([.int(Int64($0)), .int(Int64(counts.impressionsByDay[$0]!))])
        }
        return .array(
          [.int(Int64(key[0])), .int(Int64(key[1])), .int(Int64(counts.impressions)), .int(Int64(counts.clicks)), .array(days)])
      })
  }

  /// Reads what ``json`` wrote; nil when it is not that shape.
  package init?(json: JSONValue) {
    guard case .array(let entries) = json else { return nil }
    for entry in entries {
      guard case .array(let fields) = entry, fields.count == 5, case .int(let network) = fields[0],
        case .int(let campaign) = fields[1], case .int(let impressions) = fields[2], case .int(let clicks) = fields[3],
        case .array(let days) = fields[4]
      else { return nil }
      var counts = Counts()
      counts.impressions = Int(impressions)
      counts.clicks = Int(clicks)
      for day in days {
        guard case .array(let pair) = day, pair.count == 2, case .int(let index) = pair[0], case .int(let count) = pair[1]
        else { return nil }
        counts.impressionsByDay[Int(index)] = Int(count)
      }
      campaigns[[Int(network), Int(campaign)]] = counts
    }
  }
}
