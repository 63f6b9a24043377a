import SimEngine
import SimModel
import SimPlatform

/// What the client SDK reaches in the world beyond ``WorldContext``: the platform's
/// conversion-value API and its windows.
package protocol ClientSDKContext: WorldContext {
  /// The window of the user's `conversion` an update at `now` lands in; nil outside its windows.
  func currentWindow(_ conversion: Int, slot: Int32, now: SimTime) -> Int?
  /// A call the app makes to a conversion-value API, routed by the platform; what it made of it.
  mutating func call(
    _ update: ConversionUpdate, api: UpdateAPI, routing: UpdateRouting, slot: Int32,
    in simulation: inout Simulation<WorldEvent>
  ) -> UpdateOutcome
}
