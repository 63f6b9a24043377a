import SimBehaviour
import SimEngine
import SimModel
import SimRecords

/// The users' in-app happenings for `events.csv` (`attrsim run --event-log`): what the app's own
/// analytics would have logged, drafted as they happen when the sink wants them.
extension World {
  /// Drafts an in-app happening of the user in `slot` at the clock, with the network and campaign
  /// their install was attributed to (the first conversion that is not a re-engagement).
  mutating func logInApp(
    _ slot: Int32, _ kind: InAppEventRecord.Kind, name: String, revenue: Double? = nil, currency: String? = nil
  ) {
    guard sink.wantsEventLog else { return }
    let install = users[slot].conversions.first { $0.type != .reengagement }
    let network = install.map { scenario.adNetworks[Int($0.winner.network)] }
    let campaign = install.flatMap { conversion in network?.campaigns[Int(conversion.winner.campaign)].name }
    let record = InAppEventRecord(
      time: clock, user: users[slot].plan.name.description, name: name, kind: kind, revenue: revenue,
      currency: revenue == nil ? nil : currency, country: users[slot].plan.country, network: network?.name, campaign: campaign)
    emit(.inApp(record), slot: slot)
  }
}
