import SimJSON

/// A place where the client SDK's belief differs from what the platform did: the simulator
/// knows both, an SDK in the field never does (issue 9, "integration lint").
public struct SDKLintFinding: Hashable, Sendable {
  /// The kinds of mismatch.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    /// The SDK believed its update landed, but the platform ignored it: the window was locked,
    /// or (before 4.0) the 24 h timer had already frozen the value.
    case ignoredAfterLock
    /// The SDK believed a window was open, but the platform's last window had ended.
    case ignoredAfterLastWindow
    /// The update landed, but in another window than the SDK believes.
    case landedInOtherWindow
    /// The SDK dropped a value, or stopped measuring, believing a window or its measurement
    /// period over, while the platform would still have taken it.
    case droppedBelievingWindowOver
    /// The SDK passed on a coarse value outside 0–2; the platform rejected the whole call.
    case coarseOutOfRange
    /// The SDK passed on a fine value outside 0–63; the platform rejected the whole call.
    case fineOutOfRange
    /// The SDK counted revenue in another window than the one the platform was in.
    case revenueInWrongWindow

    /// A short description for reports.
    public var summary: String {
      switch self {
      case .ignoredAfterLock: "update the SDK believes landed, ignored after a lock or the value timer"
      case .ignoredAfterLastWindow: "update the SDK believes landed, after the platform's last window"
      case .landedInOtherWindow: "update landed in another window than the SDK believes"
      case .droppedBelievingWindowOver: "value dropped, the SDK believing the window over while it was open"
      case .coarseOutOfRange: "coarse value outside 0–2 let through; the platform rejected the call"
      case .fineOutOfRange: "fine value outside 0–63 let through; the platform rejected the call"
      case .revenueInWrongWindow: "revenue counted in another window than the platform's"
      }
    }
  }

  /// What kind of mismatch.
  public var kind: Kind
  /// The particulars: the SDK's belief and the platform's state.
  public var message: String

  /// The finding as written in `sdk-trace.jsonl` and in shard drafts.
  public var json: JSONValue { .object(["kind": .string(kind.rawValue), "message": .string(message)]) }

  /// Each stored property as given; other targets of the package build it too.
  package init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }
}
