import SimEngine
import SimModel

/// Apple's attribution API answering the advertiser's server (rulebook §8): 200 with the record,
/// 400 for an invalid token, 404 when the record is not found (called too soon, token older than
/// 24 hours, or a lookup miss), 500 when the service is unavailable.
package struct AttributionAPI {
  package let settings: AttributionAPISettings

  /// What one call gets back.
  package enum Answer: Equatable {
    /// 200: the record.
    case record
    /// 400: the token is not a valid token.
    case invalidToken
    /// 404, with why.
    case notFound(NotFound)
    /// 500: during an outage, or a random failure.
    case unavailable(outage: Bool)

    /// The HTTP status.
    package var status: Int {
      switch self {
      case .record: 200
      case .invalidToken: 400
      case .notFound: 404
      case .unavailable: 500
      }
    }

    /// Why the call failed, in the words `adservices.jsonl` uses; nil for a record.
    package var reason: String? {
      switch self {
      case .record: nil
      case .invalidToken: "invalid token"
      case .notFound(let why): why.rawValue
      case .unavailable(let outage): outage ? "service unavailable (outage)" : "service unavailable"
      }
    }
  }

  /// Why a 404.
  package enum NotFound: String, Equatable {
    /// The record is not ready yet.
    case tooSoon = "called too soon"
    /// The token is more than 24 hours old.
    case expired = "token expired"
    /// A lookup miss although the record exists (the `notFoundShare` fault).
    case missing = "not found"
  }

  /// The answer to a call at `now` with `token`. Both fault draws are always made, so a call's
  /// draws do not depend on the outcome.
  package func answer(_ token: AdServicesToken, at now: SimTime, draws: inout RandomStream) -> Answer {
    let unavailableDraw = draws.nextUnit()
    let notFoundDraw = draws.nextUnit()
    let offset = now - SimTime.zero
    if settings.outages.contains(where: { $0.start <= offset && offset < $0.end }) { return .unavailable(outage: true) }
    if unavailableDraw < settings.unavailableShare { return .unavailable(outage: false) }
    if !token.valid { return .invalidToken }
    if now - token.created > AppleAds.tokenLifetime { return .notFound(.expired) }
    if now < token.recordReady { return .notFound(.tooSoon) }
    if notFoundDraw < settings.notFoundShare { return .notFound(.missing) }
    return .record
  }

  /// Each stored property as given; other targets of the package build it too.
  package init(settings: AttributionAPISettings) {
    self.settings = settings
  }
}
