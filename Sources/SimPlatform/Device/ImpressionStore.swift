import SimEngine
import SimModel

/// The impressions one device keeps, with SKAdNetwork's recording limits (rulebook §2.2, §2.3).
///
/// A view-through impression is recorded when it ends (`endImpression`), so it stays open for
/// its on-screen time; a second start for the same advertised app replaces an open one (A11).
package struct ImpressionStore {
  /// A click (StoreKit-rendered or web ad) can win installs for 30 days.
  package static let clickLifetime = AttributionConfiguration.defaultClickLifetime
  /// A view-through impression can win installs for 24 hours.
  package static let viewLifetime = AttributionConfiguration.defaultViewLifetime
  /// At most this many view-through impressions are kept per publisher app; the oldest goes.
  package static let viewsPerPublisher = 15

  package private(set) var impressions: [StoredImpression] = []
  /// Views started and not yet ended, with their end times.
  private var openViews: [(impression: StoredImpression, ends: SimTime)] = []
  private var recorded: Int32 = 0

  /// What happened to an impression.
  package enum Outcome: Equatable {
    /// Stored (a click), or opened (a view that will be stored when it ends).
    case accepted
    /// Not stored: the publisher does not list the network (§3.1).
    case publisherDoesNotListNetwork
    /// A view too short to be recorded (§2.3); its start still replaced open views.
    case viewTooShort
  }

  /// Records an impression seen at `time`. Returns its outcome, how many open views it replaced,
  /// and those views (their campaigns had them counted when they started).
  /// `lifetimes` are how long a click and a view can win an install: 30 days and 24 hours
  /// unless the app's AdAttributionKit configuration says otherwise (§2.5).
  package mutating func record(
    _ exposure: AdExposure, at time: SimTime, publisherListsNetwork: Bool, minimumViewDuration: SimDuration,
    replacement: PlatformRules.ViewReplacement = .advertisedApp,
    lifetimes: (click: SimDuration, view: SimDuration) = (ImpressionStore.clickLifetime, ImpressionStore.viewLifetime)
  ) -> (outcome: Outcome, replaced: Int, replacedViews: [StoredImpression]) {
    guard publisherListsNetwork else { return (.publisherDoesNotListNetwork, 0, []) }
    settle(upTo: time)
    var impression = StoredImpression(
      network: Int32(exposure.network), campaign: Int32(exposure.campaign), publisher: Int32(exposure.publisher),
      fidelityType: 1, time: time, expires: time + lifetimes.click, sequence: 0)
    guard case .view(let duration) = exposure.kind else {
      impression.sequence = recorded
      recorded += 1
      impressions.append(impression)
      return (.accepted, 0, [])
    }
    // Every impression is for the scenario's one advertised app, so an advertised-app scope
    // replaces any open view.
    let replacing = { (open: (impression: StoredImpression, ends: SimTime)) in
      replacement == .advertisedApp || open.impression.network == impression.network
    }
    let replacedViews = openViews.isEmpty ? [] : openViews.filter(replacing).map(\.impression)
    openViews.removeAll(where: replacing)
    let replaced = replacedViews.count
    guard duration >= minimumViewDuration else { return (.viewTooShort, replaced, replacedViews) }
    var view = impression
    view.fidelityType = 0
    view.expires = time + lifetimes.view
    openViews.append((view, time + duration))
    return (.accepted, replaced, replacedViews)
  }

  /// Stores the views that ended by `time`, in end order, dropping a publisher's oldest view
  /// beyond 15.
  package mutating func settle(upTo time: SimTime) {
    guard openViews.contains(where: { $0.ends <= time }) else { return }
    // Stable: views ending together are recorded in the order they started.
    let ended = openViews.filter { $0.ends <= time }.enumerated().sorted { ($0.element.ends, $0.offset) < ($1.element.ends, $1.offset) }
    openViews.removeAll { $0.ends <= time }
    for (_, (started, _)) in ended {
      // Recording order is end order: the tie-break between equal timestamps follows it.
      var view = started
      view.sequence = recorded
      recorded += 1
      let sameSource = impressions.indices.filter {
        impressions[$0].fidelityType == 0 && impressions[$0].publisher == view.publisher
      }
      if sameSource.count >= ImpressionStore.viewsPerPublisher, let oldest = sameSource.min(by: {
        (impressions[$0].time, impressions[$0].sequence) < (impressions[$1].time, impressions[$1].sequence)
      }) {
        impressions.remove(at: oldest)
      }
      impressions.append(view)
    }
  }

  /// The winner and the non-winning impressions that get postbacks, for an install at `time`
  /// (rulebook §3.2, §3.3).
  ///
  /// Unexpired impressions are ranked by `ranking`; ties on timestamp follow `tieBreak` (Apple
  /// documents none). Non-winning impressions are the best of each other network, at most 5.
  ///
  /// AdAttributionKit (§3.1, §3.2, B5, B12) adds three steps, given in `pooled`: impressions the
  /// app's configuration ignores are dropped, development impressions are dropped when a
  /// production one remains, and only the best `considered` impressions take part.
  package mutating func attribution(
    at time: SimTime, ranking: AttributionRanking, tieBreak: PlatformRules.TieBreak, runnerUps: Bool,
    pooled: PooledAttribution? = nil
  ) -> (winner: StoredImpression, runnerUps: [StoredImpression])? {
    settle(upTo: time)
    var candidates = impressions.filter { $0.time <= time && time < $0.expires }
    if let pooled {
      candidates.removeAll(where: pooled.ignored)
      if candidates.contains(where: { !pooled.isDevelopment($0) }) { candidates.removeAll(where: pooled.isDevelopment) }
    }
    var ranked = ranking.ranked(candidates, tieBreak: tieBreak)
    if let pooled, ranked.count > pooled.considered { ranked.removeLast(ranked.count - pooled.considered) }
    guard let winner = ranked.first else { return nil }
    var others: [StoredImpression] = []
    if runnerUps {
      var networks: Set<Int32> = [winner.network]
      for candidate in ranked.dropFirst() where others.count < AttributionRanking.maximumRunnerUps {
        if networks.insert(candidate.network).inserted { others.append(candidate) }
      }
    }
    return (winner, others)
  }

  /// Each stored property as given; other targets of the package build it too.
  package init() {
  }
}
