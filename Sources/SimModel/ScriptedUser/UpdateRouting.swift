/// Which of an app's active AdAttributionKit conversions an update is for (rulebook §3.5).
public struct UpdateRouting: Hashable, Sendable {
  /// `PostbackUpdate(conversionTag:)`: only the conversion opened with this tag; nil for the
  /// most recent conversion.
  public var tag: String?
  /// The tag of the user's n-th re-engagement (1-based), as the app read it from the URL that
  /// opened it: the system draws tags, so a scripted timeline names them this way.
  public var tagOfReengagement: Int?
  /// `PostbackUpdate.conversionTypes`: install conversions, re-engagement conversions, or nil
  /// for both.
  public var types: Set<Kind>?

  /// The kinds `conversionTypes` names.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    /// Download and redownload conversions.
    case install
    /// Re-engagement conversions.
    case reengagement = "re-engagement"
  }

  /// Routing as given; the default is the most recent conversion of any type.
  public init(tag: String? = nil, tagOfReengagement: Int? = nil, types: Set<Kind>? = nil) {
    self.tag = tag
    self.tagOfReengagement = tagOfReengagement
    self.types = types
  }
}
