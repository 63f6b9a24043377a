import SimEngine
import SimRecords

/// What each user's winning postbacks showed during a run, kept until their conversion's truth
/// arrives and handed over then as its ``ConversionSignals``: the error parts of a row need to
/// know whether an install's postback came and carried a value, and the first-signal delay when
/// its first value came.
package struct PendingSignals: Sendable {
  /// What a run's winning postback showed, kept until its conversion's truth arrives: 12 bytes,
  /// as a large run keeps one or more for every attributed user at once.
  private struct Seen {
    private var storedNetwork: Int32, storedCampaign: Int32, storedWindow: Int16
    var carriedValue: Bool
    var network: Int { Int(storedNetwork) }
    var campaign: Int { Int(storedCampaign) }
    var window: Int { Int(storedWindow) }
    // Scenario indices and windows are small; clamping never changes one.
    init(network: Int, campaign: Int, window: Int, carriedValue: Bool) {
      storedNetwork = Int32(clamping: network)
      storedCampaign = Int32(clamping: campaign)
      storedWindow = Int16(clamping: window)
      self.carriedValue = carriedValue
    }
  }

  /// First time each user's winning postback carried a value, until their conversion arrives.
  private var firstSignal: [String: SimTime] = [:]
  /// Per user, their winning postbacks so far, until their conversions' truth arrives.
  private var seen: [String: [Seen]] = [:]

  /// Nothing pending.
  package init() {}

  /// Notes an accepted winning postback of the run that decoded to `outcome` in `window`.
  package mutating func note(_ postback: PostbackRecord, window: Int, outcome: DecodingOutcome) {
    if case .decoded = outcome, firstSignal[postback.user] == nil {
      firstSignal[postback.user] = postback.time
    }
    seen[postback.user, default: []].append(
      Seen(network: postback.network, campaign: postback.campaign, window: window, carriedValue: outcome != .none))
  }

  /// Hands over what `truth`'s user's winning postbacks to its campaign showed, forgetting them.
  // A user's conversions through one campaign share them, which moves revenue between error
  // parts, never out of them.
  package mutating func take(for truth: ConversionTruth) -> ConversionSignals {
    var signals = ConversionSignals()
    if var list = seen[truth.user] {
      list.removeAll { entry in
        guard entry.network == truth.network, entry.campaign == truth.campaign else { return false }
        if signals.windows[entry.window] == nil { signals.windows[entry.window] = entry.carriedValue }
        return true
      }
      seen[truth.user] = list.isEmpty ? nil : list
    }
    signals.firstSignal = firstSignal.removeValue(forKey: truth.user)
    return signals
  }
}
