import SimModel

/// A set of logged users a resampled user may draw from: those of an install source, of a
/// country, or of both.
struct LoggedPool: Hashable {
  var source: LogSourceMapping.Source?
  var country: String?

  /// The pools of `log`'s users, each user in every pool it belongs to, in the log's order; only
  /// pools a resampled user can ask for (countries only when stratified).
  static func pools(_ log: CohortLog) -> [LoggedPool: [Int32]] {
    guard case .resample(let stratified) = log.use, stratified || !log.sources.isEmpty else { return [:] }
    var pools: [LoggedPool: [Int32]] = [:]
    for user in 0..<log.users.count {
      let country = stratified ? log.users.country(of: user) : nil
      for source in log.sources.sources(of: user, in: log.users) {
        pools[LoggedPool(source: source), default: []].append(Int32(user))
        if let country { pools[LoggedPool(source: source, country: country), default: []].append(Int32(user)) }
      }
      if let country { pools[LoggedPool(country: country), default: []].append(Int32(user)) }
    }
    return pools
  }

  /// The pools to draw from, narrowest first; the first the log fills is used, and failing all,
  /// every logged user. The install's source (nil when the log maps none) outranks the country:
  /// its campaign in the user's country, its campaign, its network likewise, then the country alone.
  static func candidates(source: LogSourceMapping.Source?, country: String, stratified: Bool) -> [LoggedPool] {
    var pools: [LoggedPool] = []
    for source in [source, source?.network].compactMap(\.self) {
      if stratified { pools.append(LoggedPool(source: source, country: country)) }
      pools.append(LoggedPool(source: source))
    }
    if stratified { pools.append(LoggedPool(country: country)) }
    return pools
  }
}
