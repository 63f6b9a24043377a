import SimEngine
import SimModel

/// One conversion window of a conversion: its values and what was measured. Before 4.0 a
/// conversion has a single window that ends when the value timer expires.
package struct ConversionWindow {
  /// The last fine value set (window 0 only).
  package var fine: Int?
  /// Which API set `fine` last.
  package var fineSetBy: UpdateAPI?
  /// The last coarse value set.
  package var coarse: CoarseValue?
  /// What the app's own SDK last asked for: it remembers its calls, it cannot read the values.
  package var appFine: Int?, appCoarse: CoarseValue?
  /// Whether the window saw a registration or a current-API call (what postbacks 2 and 3 need).
  package var updated = false
  /// Whether the app called the current API itself (registration aside).
  package var calledCurrentAPI = false
  /// Whether the old single-value API was called.
  package var calledLegacyAPI = false
  /// When the window closed (by lock, end or timer), or nil while it is open.
  package var closedAt: SimTime?
  /// Whether the app locked it.
  package var locked = false
  /// What the app measured in it.
  package var measures: Measures
  /// The last day (24 h periods since the first launch) with an app open in this window.
  package var lastActiveDay: Int64?
  /// The postback prepared when the window closed, until it is sent.
  package var postback: PostbackDraft? {
    get { preparedPostback?.draft }
    set { preparedPostback = newValue.map(PreparedPostback.init) }
  }
  /// Boxed: a window holds a draft only between its close and its send, and inline its 160
  /// bytes would be carried by every window of every installer in flight.
  private var preparedPostback: PreparedPostback?
  /// When that postback was (or will be) sent.
  package var sendTime: SimTime?

  /// Each stored property as given; other targets of the package build it too.
  package init(
    fine: Int? = nil,
    fineSetBy: UpdateAPI? = nil,
    coarse: CoarseValue? = nil,
    appFine: Int? = nil,
    appCoarse: CoarseValue? = nil,
    updated: Bool = false,
    calledCurrentAPI: Bool = false,
    calledLegacyAPI: Bool = false,
    closedAt: SimTime? = nil,
    locked: Bool = false,
    measures: Measures,
    lastActiveDay: Int64? = nil,
    postback: PostbackDraft? = nil,
    sendTime: SimTime? = nil
  ) {
    self.fine = fine
    self.fineSetBy = fineSetBy
    self.coarse = coarse
    self.appFine = appFine
    self.appCoarse = appCoarse
    self.updated = updated
    self.calledCurrentAPI = calledCurrentAPI
    self.calledLegacyAPI = calledLegacyAPI
    self.closedAt = closedAt
    self.locked = locked
    self.measures = measures
    self.lastActiveDay = lastActiveDay
    self.postback = postback
    self.sendTime = sendTime
  }
}

/// A postback draft on the heap, for the short time a window holds one.
private final class PreparedPostback: Sendable {
  let draft: PostbackDraft

  init(_ draft: PostbackDraft) {
    self.draft = draft
  }
}
