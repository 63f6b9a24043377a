/// What the app has measured in one conversion window: the conversion model's input.
public struct MeasurementState: Hashable, Sendable {
  /// The window: 0, 1 or 2 (postback sequence index).
  public var window: Int
  /// App opens in the window, the first launch included.
  public var sessions: Int = 0
  /// In-app purchase revenue in the window, USD.
  public var purchaseRevenue: Double = 0
  /// Ad revenue in the window, USD.
  public var adRevenue: Double = 0
  /// Count of each event in the window, indexed like the schema's ``ConversionSchema/eventNames``.
  public var eventCounts: [Int]

  /// A window with nothing measured yet.
  public init(window: Int, eventCount: Int) {
    self.window = window
    eventCounts = Array(repeating: 0, count: eventCount)
  }

  /// Purchase and ad revenue together.
  public var totalRevenue: Double { purchaseRevenue + adRevenue }
}
