import Foundation

/// Short, lowercase reasons for file errors, for diagnostics.
enum FileText {
  static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if nsError.domain == NSCocoaErrorDomain {
      switch nsError.code {
      case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "no such file"
      case NSFileReadNoPermissionError: return "permission denied"
      case NSFileReadInapplicableStringEncodingError: return "not valid UTF-8 text"
      default: break
      }
    }
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code))).lowercased()
    }
    return nsError.localizedDescription
  }
}
