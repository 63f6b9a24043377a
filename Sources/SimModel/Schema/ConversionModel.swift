/// The app-side conversion model: decides which conversion value to set after each activity.
///
/// The declarative ``ConversionSchema`` is one implementation; a Swift type conforming to this
/// protocol can stand in for it.
public protocol ConversionModel: Sendable {
  /// Names of the events the model reads, fixing the order of ``MeasurementState/eventCounts``.
  var eventNames: [String] { get }

  /// The update the app should make given what it measured, or nil to make none. Every update
  /// returned is a call to the platform (on 4.0 it keeps the window's postback eligible), so a
  /// model returns nil when its answer has not changed.
  func update(for state: MeasurementState) -> ConversionUpdate?
}
