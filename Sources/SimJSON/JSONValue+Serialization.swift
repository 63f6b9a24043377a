extension JSONValue {
  /// The value as JSON text: compact without spaces, or pretty with 2-space indentation.
  ///
  /// Keys are sorted by Unicode scalar values (UTF-8 byte order), so the same value gives the
  /// same bytes on every platform and run. No trailing newline is added.
  public func serialized(pretty: Bool = false) -> String {
    var writer = JSONWriter(pretty: pretty)
    writer.write(self)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// Appends the value as JSON text to `output`, as `serialized(pretty:)` would return it.
  public func write(to output: inout String, pretty: Bool = false) {
    output += serialized(pretty: pretty)
  }

  /// Appends the value as UTF-8 JSON text to `output`, as `serialized(pretty:)` would encode it.
  ///
  /// The fastest way to produce many lines: append them all to one buffer and write it out.
  public func write(to output: inout [UInt8], pretty: Bool = false) {
    // Swapping keeps a single owner of the buffer, so appending never copies it.
    var writer = JSONWriter(pretty: pretty)
    swap(&writer.bytes, &output)
    writer.write(self)
    swap(&writer.bytes, &output)
  }
}
