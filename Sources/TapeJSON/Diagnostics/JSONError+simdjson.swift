import CSimdShim

extension JSONError {
    /// The error for an input simdjson rejected with `code`, located by rescanning the input.
    init(simdjson code: SimdErrorCode, input: UnsafeRawBufferPointer, maxDepth: Int) {
        if code == .memalloc {
            self.init(kind: .outOfMemory, offset: 0, in: input)
            return
        }
        if code == .capacity {
            self.init(kind: .documentTooLarge, offset: input.count, in: input)
            return
        }
        let locator = ErrorLocator(bytes: input.unsafeUInt8s, maxDepth: maxDepth)
        if let (kind, offset) = locator.locate() {
            self.init(kind: kind, offset: offset, in: input)
        } else if code == .number || code == .numberOutOfRange, let big = BigNumbers.rewrite(input)?.numbers.first {
            // A number simdjson cannot hold, in input parsed without `BigNumbers` (a JSON Lines line).
            self.init(kind: .numberOutOfRange, offset: big.lowerBound, in: input)
        } else {
            // The scanner and simdjson disagree; keep simdjson's verdict, placed at the end of the input.
            self.init(kind: JSONError.Kind(fallbackFor: code), offset: input.count, in: input)
        }
    }
}

extension JSONError.Kind {
    init(fallbackFor code: SimdErrorCode) {
        switch Int(code.rawValue) {
        case Int(TJ_DEPTH_ERROR): self = .depthLimitExceeded
        case Int(TJ_UTF8_ERROR): self = .invalidUTF8
        case Int(TJ_NUMBER_ERROR): self = .invalidNumber
        case Int(TJ_NUMBER_OUT_OF_RANGE): self = .numberOutOfRange
        case Int(TJ_T_ATOM_ERROR), Int(TJ_F_ATOM_ERROR), Int(TJ_N_ATOM_ERROR): self = .invalidLiteral
        case Int(TJ_STRING_ERROR): self = .invalidEscape
        case Int(TJ_UNESCAPED_CHARS): self = .unescapedControlCharacter
        case Int(TJ_UNCLOSED_STRING), Int(TJ_INCOMPLETE_ARRAY_OR_OBJECT): self = .unexpectedEndOfInput
        case Int(TJ_EMPTY): self = .emptyInput
        case Int(TJ_TRAILING_CONTENT): self = .trailingContent
        default: self = .unexpectedCharacter
        }
    }
}
