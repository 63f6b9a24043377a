/// A logged value as an error message shows it: quoted and cut short, unless it is the row's
/// user identifier (a column mapped to the wrong role), which no message repeats.
package enum LogExcerpt {
  /// `value` quoted, at most `limit` characters of it; `user` is the row's identifier.
  package static func quoted(_ value: String, user: String?, limit: Int = 40) -> String {
    if let user, value == user || value == user.uppercased() {
      return "the row's user identifier (not repeated: is this the user's column?)"
    }
    return "\"\(value.prefix(limit))\""
  }
}
