import SimEngine

/// The users of an app's event log, renumbered in order of first launch, each a timeline of
/// events relative to that launch: what replay and resampling draw from.
///
/// Stored as columns, 19 bytes per kept event (time, revenue, name, kind), since a log holds
/// millions of events; the log's identifiers are not kept. Media sources and campaigns are
/// kept (they name ads, not people) so that a cohort can draw users by where they came from.
public struct LoggedUsers: Hashable, Sendable {
  /// One kept event.
  public struct Event: Hashable, Sendable {
    /// Time after the user's first launch.
    public var offset: SimDuration
    public var kind: LogRow.Kind
    /// The event's name, an index into ``LoggedUsers/eventNames``.
    public var name: Int
    /// Revenue in the table's currency (negative for a refund); 0 when the event carries none.
    public var revenue: Double

    /// An event with every field given.
    public init(offset: SimDuration, kind: LogRow.Kind, name: Int, revenue: Double = 0) {
      self.offset = offset
      self.kind = kind
      self.name = name
      self.revenue = revenue
    }
  }

  /// Event names, in order of first appearance.
  public private(set) var eventNames: [String] = []
  /// Countries as logged, in order of first appearance.
  public var countries: [String] { countryNames.names }
  /// Media sources (ad networks, `organic`) and campaigns as logged, in order of first appearance.
  public var sources: [String] { sourceNames.names }
  public var campaigns: [String] { campaignNames.names }
  private var countryNames = NameTable()
  private var sourceNames = NameTable()
  private var campaignNames = NameTable()
  /// The currency revenue is stated in.
  public let currency: String
  /// Names of the events users perform as in-app events (purchases, ad revenue and plain
  /// events, not launches and sessions), sorted: what a schema's event rules can read.
  public var performedEventNames: [String] { performed.sorted() }
  /// Whether any kept event carries revenue.
  public private(set) var hasRevenue = false
  private var performed: Set<String> = []
  private var nameIndex: [String: Int] = [:]

  // Per user.
  private var firstEvent: [Int32] = [0]
  private var countryIndex: [Int32] = []
  private var sourceIndex: [Int32] = []
  private var campaignIndex: [Int32] = []
  private var observed: [Int64] = []
  // Per event.
  private var offsets: [Int64] = []
  private var revenues: [Double] = []
  private var names: [UInt16] = []
  private var kinds: [UInt8] = []
  private static let kindCodes: [LogRow.Kind] = [.firstLaunch, .session, .purchase, .adRevenue, .event]

  /// An empty table stating revenue in `currency`.
  public init(currency: String) {
    self.currency = currency
  }

  /// How many users.
  public var count: Int { countryIndex.count }
  /// How many events, over all users.
  public var eventCount: Int { offsets.count }

  /// Adds a user: their country, media source and campaign (each nil when unknown), how long the
  /// log watched them after their first launch, and their events in time order with offsets from
  /// that launch.
  public mutating func append(
    country: String?, source: String? = nil, campaign: String? = nil, observed duration: SimDuration, events: [Event]
  ) {
    countryIndex.append(countryNames.index(of: country))
    sourceIndex.append(sourceNames.index(of: source))
    campaignIndex.append(campaignNames.index(of: campaign))
    observed.append(duration.milliseconds)
    for event in events {
      offsets.append(event.offset.milliseconds)
      revenues.append(event.revenue)
      names.append(UInt16(clamping: event.name))
      kinds.append(UInt8(Self.kindCodes.firstIndex(of: event.kind) ?? 4))
      if event.kind != .firstLaunch, event.kind != .session, eventNames.indices.contains(event.name) {
        performed.insert(eventNames[event.name])
      }
      if event.revenue != 0 { hasRevenue = true }
    }
    firstEvent.append(Int32(offsets.count))
  }

  /// The bytes the table's columns hold: 19 a kept event, 24 a user (names, countries, sources
  /// and campaigns aside).
  public var storedBytes: Int { eventCount * 19 + count * 24 + 4 }

  /// The bytes its columns have room for, which grow by doubling: what the table costs in memory.
  public var allocatedBytes: Int {
    (offsets.capacity + revenues.capacity) * 8 + names.capacity * 2 + kinds.capacity
      + (firstEvent.capacity + countryIndex.capacity + sourceIndex.capacity + campaignIndex.capacity) * 4
      + observed.capacity * 8
  }

  /// The index of event name `name`, adding it when new (at most 65,535 names).
  public mutating func eventName(_ name: String) -> Int {
    // By dictionary: a log may have tens of thousands of names, and a search of the list per
    // name would be quadratic.
    if let known = nameIndex[name] { return known }
    eventNames.append(name)
    nameIndex[name] = eventNames.count - 1
    return eventNames.count - 1
  }

  /// Names numbered in order of first appearance, found by dictionary (a log may have thousands
  /// of campaigns).
  private struct NameTable: Hashable, Sendable {
    var names: [String] = []
    var numbers: [String: Int32] = [:]

    /// The number of `name`, adding it when new; -1 for nil.
    mutating func index(of name: String?) -> Int32 {
      guard let name else { return -1 }
      if let known = numbers[name] { return known }
      names.append(name)
      numbers[name] = Int32(names.count - 1)
      return Int32(names.count - 1)
    }
  }

  /// User `user`'s country, nil when the log did not say.
  public func country(of user: Int) -> String? {
    countryIndex[user] < 0 ? nil : countryNames.names[Int(countryIndex[user])]
  }

  /// User `user`'s media source (the ad network or `organic` their install came through), nil
  /// when the log did not say.
  public func source(of user: Int) -> String? {
    sourceIndex[user] < 0 ? nil : sourceNames.names[Int(sourceIndex[user])]
  }

  /// User `user`'s campaign, nil when the log did not say.
  public func campaign(of user: Int) -> String? {
    campaignIndex[user] < 0 ? nil : campaignNames.names[Int(campaignIndex[user])]
  }

  /// How long the log watched user `user` after their first launch (to the log's last event).
  public func observed(_ user: Int) -> SimDuration { SimDuration(milliseconds: observed[user]) }

  /// The indices of user `user`'s events (for ``event(_:)``), in time order.
  public func eventIndices(of user: Int) -> Range<Int> { Int(firstEvent[user])..<Int(firstEvent[user + 1]) }

  /// The first of `indices` whose event comes at or after `offset`, or its end.
  public func firstIndex(in indices: Range<Int>, atOrAfter offset: SimDuration) -> Int {
    var (low, high) = (indices.lowerBound, indices.upperBound)
    while low < high {
      let middle = (low + high) / 2
      if offsets[middle] < offset.milliseconds { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Event `index` of the table (``eventIndices(of:)`` gives a user's).
  public func event(_ index: Int) -> Event {
    Event(
      offset: SimDuration(milliseconds: offsets[index]), kind: Self.kindCodes[Int(kinds[index])], name: Int(names[index]),
      revenue: revenues[index])
  }

  /// User `user`'s events in time order.
  public func events(of user: Int) -> [Event] { eventIndices(of: user).map(event) }

  /// A table of the users at `indices`, in that order, repeats allowed (a bootstrap sample), with
  /// the same event names.
  public func users(at indices: [Int]) -> LoggedUsers {
    var table = LoggedUsers(currency: currency)
    for name in eventNames { _ = table.eventName(name) }
    for user in indices {
      table.append(
        country: country(of: user), source: source(of: user), campaign: campaign(of: user), observed: observed(user),
        events: events(of: user))
    }
    return table
  }
}
