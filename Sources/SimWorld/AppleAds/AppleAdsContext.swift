import SimEngine
import SimModel

/// What Apple Ads reaches in the world beyond ``WorldContext``: a tap on an ad of the network
/// standing for Apple Ads is also that network's click, shown on the device.
package protocol AppleAdsContext: WorldContext {
  /// Shows an ad on the user's device, as the platform's attribution rules take it.
  mutating func record(_ exposure: AdExposure, slot: Int32, in simulation: inout Simulation<WorldEvent>)
}
