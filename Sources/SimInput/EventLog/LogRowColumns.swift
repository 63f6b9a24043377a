import SimModel

/// A log's rows as columns (23 bytes a row) from their reading until they are grouped by user:
/// users and event names as numbers.
struct LogRowColumns {
  var users: [Int32] = []
  var times: [Int64] = []
  var revenues: [Double] = []
  var names: [UInt16] = []
  var kinds: [LogRow.Kind] = []

  var count: Int { times.count }

  mutating func append(user: Int32, time: Int64, revenue: Double, name: UInt16, kind: LogRow.Kind) {
    users.append(user)
    times.append(time)
    revenues.append(revenue)
    names.append(name)
    kinds.append(kind)
  }

  /// Appends `other`'s rows with its users and names renumbered through `users` and `names`,
  /// letting go of each of its columns once copied so that both are not held whole at once.
  mutating func append(emptying other: inout LogRowColumns, users userNumbers: [Int32], names nameNumbers: [UInt16]) {
    users.append(contentsOf: other.users.lazy.map { userNumbers[Int($0)] })
    other.users = []
    names.append(contentsOf: other.names.lazy.map { nameNumbers[Int($0)] })
    other.names = []
    times.append(contentsOf: other.times)
    other.times = []
    revenues.append(contentsOf: other.revenues)
    other.revenues = []
    kinds.append(contentsOf: other.kinds)
    other.kinds = []
  }

  /// Row indices grouped by user (users in index order), each user's in time order, ties in
  /// order of reading; and where each user's start. Drops `users`, which it no longer needs.
  mutating func byUserAndTime(userCount: Int) -> (order: [Int32], starts: [Int]) {
    // A stable counting sort by user keeps each user's rows in order of reading...
    var starts = [Int](repeating: 0, count: userCount + 1)
    for user in users { starts[Int(user) + 1] += 1 }
    for user in 0..<userCount { starts[user + 1] += starts[user] }
    var order = [Int32](repeating: 0, count: count)
    var next = starts
    for (row, user) in users.enumerated() {
      order[next[Int(user)]] = Int32(row)
      next[Int(user)] += 1
    }
    users = []
    // ...so ordering each user's by time, ties by row, is the sort by (user, time, row).
    let times = self.times
    for user in 0..<userCount {
      let rows = starts[user]..<starts[user + 1]
      let sorted = zip(order[rows], order[rows].dropFirst()).allSatisfy { times[Int($0)] <= times[Int($1)] }
      if !sorted { order[rows].sort { (times[Int($0)], $0) < (times[Int($1)], $1) } }
    }
    return (order, starts)
  }
}
