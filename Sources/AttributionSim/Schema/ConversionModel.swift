/// The app-side conversion model: decides which conversion value to set after each activity.
///
/// The declarative ``ConversionSchema`` is one implementation; a Swift type conforming to this
/// protocol can stand in for it.
public protocol ConversionModel: Sendable {
  /// Names of the events the model reads, fixing the order of ``MeasurementState/eventCounts``.
  var eventNames: [String] { get }

  /// The update the app should make given what it measured in the current window, or nil to
  /// make none. The device skips updates that would change nothing.
  func update(for state: MeasurementState) -> ConversionUpdate?
}
