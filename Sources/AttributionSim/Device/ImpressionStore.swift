import SimEngine

/// The impressions one device keeps, with SKAdNetwork's recording limits (rulebook §2.2, §2.3).
struct ImpressionStore {
  /// A click (StoreKit-rendered ad) can win installs for 30 days.
  static let clickLifetime = SimDuration.days(30)
  /// A view-through impression can win installs for 24 hours.
  static let viewLifetime = SimDuration.hours(24)
  /// Views shorter than this are not recorded (iOS 15.4 and later).
  static let minimumViewDuration = SimDuration.seconds(2)
  /// At most this many view-through impressions are kept per publisher app; the oldest goes.
  static let viewsPerPublisher = 15

  private(set) var impressions: [StoredImpression] = []
  private var recorded: Int32 = 0

  /// Why an impression was not stored.
  enum Rejection { case viewTooShort, publisherDoesNotListNetwork }

  /// Records an impression seen at `time`, or says why it was not recorded.
  mutating func record(_ exposure: AdExposure, at time: SimTime, publisherListsNetwork: Bool) -> Rejection? {
    guard publisherListsNetwork else { return .publisherDoesNotListNetwork }
    let fidelity: UInt8
    let lifetime: SimDuration
    switch exposure.kind {
    case .click:
      fidelity = 1
      lifetime = ImpressionStore.clickLifetime
    case .view(let duration):
      guard duration >= ImpressionStore.minimumViewDuration else { return .viewTooShort }
      fidelity = 0
      lifetime = ImpressionStore.viewLifetime
      let publisher = Int32(exposure.publisher)
      let views = impressions.indices.filter { impressions[$0].fidelityType == 0 && impressions[$0].publisher == publisher }
      if views.count >= ImpressionStore.viewsPerPublisher, let oldest = views.min(by: {
        (impressions[$0].time, impressions[$0].sequence) < (impressions[$1].time, impressions[$1].sequence)
      }) {
        impressions.remove(at: oldest)
      }
    }
    impressions.append(
      StoredImpression(
        network: Int32(exposure.network), campaign: Int32(exposure.campaign), publisher: Int32(exposure.publisher),
        fidelityType: fidelity, time: time, expires: time + lifetime, sequence: recorded))
    recorded += 1
    return nil
  }

  /// The impression that wins an install at `time` under SKAdNetwork 2.2+ rules (rulebook §3.2):
  /// highest fidelity type first, then the most recent; equal timestamps go to the impression
  /// recorded last (Apple documents no tie-break, so this one is the simulator's).
  func winner(at time: SimTime) -> StoredImpression? {
    impressions.filter { $0.time <= time && time < $0.expires }.max { a, b in
      (a.fidelityType, a.time.milliseconds, a.sequence) < (b.fidelityType, b.time.milliseconds, b.sequence)
    }
  }
}
