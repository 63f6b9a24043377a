import SimEngine

/// The conversion-management SDK in the advertised app, as MMPs publish it for server-to-server
/// integrations: it registers at first launch, asks a conversion model for the next value after
/// every session, event and revenue, and applies it by its own rules and clock (issue 9).
public struct ClientSDK: Hashable, Sendable {
  /// Where the SDK gets its next conversion value.
  public enum Model: Hashable, Sendable {
    /// The scenario's schema, asked with what the SDK itself measured.
    case schema
    /// The sequential end-to-end test of Singular's SKAdNetwork 3.0 S2S guide (an MMP's test
    /// endpoint, not Apple's): 0, 1 and 2 on the first three requests, then nothing.
    case sequential
    /// A conversion-value endpoint, asked with GET.
    case endpoint(url: String, timeoutSeconds: Double, concurrency: Int)
    /// A local command speaking JSON lines on its standard input and output, run in
    /// `workingDirectory` (the scenario's folder; nil for the current one).
    case command(arguments: [String], timeoutSeconds: Double, workingDirectory: String?)

    /// Whether answers come from outside the simulator, after `responseTime`.
    public var isRemote: Bool {
      switch self {
      case .schema, .sequential: false
      case .endpoint, .command: true
      }
    }
  }

  /// What an SKAdNetwork 4.0 or AdAttributionKit SDK does with a fine value when its own clock
  /// says window 1 is over.
  public enum LateFineValues: String, CaseIterable, Hashable, Sendable {
    /// Passes it on: the 4.0 S2S guide's SDK code always calls
    /// `updatePostbackConversionValue(fine, coarse, lock)` and leaves it to the platform, which
    /// ignores fine values after its own window 1 (§4) (default).
    case send
    /// Keeps it back, believing its own clock: when the device clock has moved forward, the
    /// platform's window 1 may still be open and the value is lost, which is what the
    /// integration lint reveals (`droppedBelievingWindowOver`).
    case keepBack
  }

  /// An SDK with Apple's windows and full validation.
  public init(model: Model) { self.model = model }

  /// Where values come from.
  public var model: Model
  /// Sent as `a`: the MMP's app key.
  public var appKey = "attrsim"
  /// Sent as `app_v`.
  public var appVersion = "1.0"
  /// Sent as `p`.
  public var platform = "iOS"
  /// Where, from its first call, the SDK believes each window ends (SKAdNetwork 4.0 and
  /// AdAttributionKit). Apple's are 48 h, 7 d and 35 d (rulebook §5.2); a misconfigured SDK
  /// can be modelled with others.
  public var windowEnds: [SimDuration] = [.hours(48), .days(7), .days(35)]
  /// Before 4.0: the SDK stops once this long has passed since its last update, Apple's 24 h
  /// timer (§5.1); at exactly 24 h it has stopped, as the 3.0 guide's `SECONDS_PER_DAY <= timeDiff`.
  public var valueTimer: SimDuration = .hours(24)
  /// 4.0 and AdAttributionKit: whether fine values after its own window 1 are sent.
  public var lateFineValues: LateFineValues = .send
  /// Whether the SDK drops fine values outside 0–63 before calling the OS (§4).
  public var validatesFine = true
  /// Whether the SDK drops coarse values outside 0–2 before calling the OS.
  public var validatesCoarse = true
  /// Virtual time from a request to its answer, for endpoints and commands.
  public var responseTime: SimDuration = .seconds(1)
}
