import CSimdShim

// `ItemSplitter`'s values: where a value stands against the pointer, and what becomes of it when it
// ends (an item handed out, a run of items, a checked value, a key compared with the pointer's tokens).

extension ItemSplitter {
    /// Whether the next value of the top frame (the root when there is none) is on the pointer's path:
    /// `.target` at the pointer, `.onTheWay` above it, `.elsewhere` off it.
    enum PathMatch { case target, onTheWay, elsewhere }

    func nextValuePath() -> PathMatch {
        // The frames from the root down to here must all be on the path (they were only pushed if so),
        // and the next value's own key or index must match the token at this depth.
        guard stack.last?.onPath != false else { return .elsewhere }
        let level = stack.count
        if level > tokens.count { return .elsewhere }
        if level > 0 {
            let frame = stack[level - 1]
            let token = tokens[level - 1]
            if frame.isObject {
                if frame.key != token { return .elsewhere }
            } else if JSONValue.arrayIndex(token) != frame.count {
                return .elsewhere
            }
        }
        return level == tokens.count ? .target : .onTheWay
    }

    /// A value ends: the frame it was in expects a comma or its end (or the root is complete).
    mutating func valueEnded() {
        if stack.isEmpty {
            rootDone = true
        } else {
            stack[stack.count - 1].count += 1
            stack[stack.count - 1].expect = .commaOrEnd
        }
    }

    /// A value starts at the current byte in the top frame.
    mutating func startValue(_ byte: UInt8) throws -> Piece? {
        let isContainer = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{")
        if let frame = stack.last, frame.holdsItems {
            if runBytes > 0 && !frame.isObject, let run = findRun() { return run }
            purpose = .item
        } else {
            switch nextValuePath() {
            case .target:
                guard stack.count < maxDepth else { return fail(.depthLimitExceeded) }
                guard isContainer else {
                    phase = .done
                    let at = bufferOffset + position
                    return .pointerError(JSONItemPointerError(pointer: pointer, offset: at, line: line,
                                                              column: column(at: at), foundScalar: true))
                }
                itemsFound = true
                stack.append(Frame(isObject: byte == UInt8(ascii: "{"), expect: byte == UInt8(ascii: "{") ? .keyOrEnd : .valueOrEnd,
                                   holdsItems: true))
                position += 1
                try envelope?.start(isObject: byte == UInt8(ascii: "{"), level: stack.count)
                return nil
            case .onTheWay where isContainer:
                guard stack.count < maxDepth else { return fail(.depthLimitExceeded) }
                stack.append(Frame(isObject: byte == UInt8(ascii: "{"), expect: byte == UInt8(ascii: "{") ? .keyOrEnd : .valueOrEnd,
                                   holdsItems: false))
                position += 1
                try envelope?.start(isObject: byte == UInt8(ascii: "{"), level: stack.count)
                return nil
            case .onTheWay, .elsewhere:
                purpose = .check
            }
        }
        phase = .inValue
        valueStart = position
        valueLine = line
        valueLineStart = lineStart
        valueDroppedScalars = droppedScalars
        valueColumn = column(at: bufferOffset + position)
        depth = 0
        inString = false
        escaped = false
        return nil
    }

    /// The complete items from the current byte (an array item's first byte) on, as one run, when the
    /// buffer holds at least one; the walker moves on to the separator after them.
    mutating func findRun() -> Piece? {
        var found = tj_item_run()
        tj_find_item_run(bytes, position, count, runBytes, &found)
        guard found.items > 0 else { return nil }
        let start = position
        let at = bufferOffset + start
        let run = ItemRun(base: buffer + start, count: found.end - start, hasSeparator: true, offset: at, line: line,
                          column: column(at: at), firstIndex: index, items: found.items)
        if found.newlines > 0 {
            line += found.newlines
            lineStart = bufferOffset + found.last_newline + 1
            droppedScalars = 0
        }
        position = found.end
        index += found.items
        stack[stack.count - 1].count += found.items
        stack[stack.count - 1].expect = .commaOrEnd
        return .run(run)
    }

    /// Whether `byte` opens an array or object.
    func isContainerStart(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") }

    /// A container being scanned to be checked has filled the window: the walker enters it instead and
    /// checks its values one by one (rescanning from its first byte). False for a scalar (a string or
    /// number is held whole, however long).
    mutating func enterValue() throws -> Bool {
        let first = bytes[valueStart]
        guard isContainerStart(first), stack.count < maxDepth else { return false }
        let isObject = first == UInt8(ascii: "{")
        var frame = Frame(isObject: isObject, expect: isObject ? .keyOrEnd : .valueOrEnd, holdsItems: false)
        frame.onPath = false
        stack.append(frame)
        phase = .walk
        position = valueStart + 1
        line = valueLine
        lineStart = valueLineStart
        droppedScalars = valueDroppedScalars
        depth = 0
        inString = false
        escaped = false
        try envelope?.start(isObject: isObject, level: stack.count)
        return true
    }

    /// The value scanned ends before `end` (a buffer index): hands it out, or checks it.
    mutating func finishValue(at end: Int) throws -> Piece? {
        phase = .walk
        let stop = trimmedEnd(end)
        let span = UnsafeRawBufferPointer(start: buffer + valueStart, count: stop - valueStart)
        let offset = bufferOffset + valueStart
        let (valueLine, valueColumn) = (self.valueLine, self.valueColumn)
        valueEnded()
        switch purpose {
        case .item:
            defer { index += 1 }
            return .item(span, delimited: delimited(span, end: end), offset: offset, line: valueLine,
                         column: valueColumn, index: index)
        case .check:
            // Numbers simdjson cannot hold are valid JSON (see `BigNumbers`): the rest is checked around them.
            let code: SimdErrorCode
            switch envelopeParser.parseReadingBigNumbers(span) {
            case .success(let parsed):
                if let envelope, envelope.isListening { try envelope.value(tape: parsed.tape, bigNumbers: parsed.bigNumbers) }
                return nil
            case .failure(let failure):
                code = failure
            }
            let located = JSONError(item: span, delimited: delimited(span, end: end), code: code,
                                    maxDepth: envelopeParser.maxDepth, inContainer: !stack.isEmpty)
            phase = .done
            return .envelopeError(StreamStop(offset: offset, line: valueLine, column: valueColumn, itemIndex: nil,
                                             reason: located.shifted(byOffset: offset, line: valueLine, column: valueColumn)))
        }
    }

    /// The key scanned (from `valueStart`, its opening quote, to `end`, past its closing one) ends.
    mutating func finishKey(at end: Int) throws -> Piece? {
        phase = .walk
        let span = UnsafeRawBufferPointer(start: buffer + valueStart, count: end - valueStart)
        stack[stack.count - 1].expect = .colon
        // Every key is checked (the items' keys too: a member's key is not part of its value); only those
        // on the pointer's path are kept, to be compared with its tokens. Printable ASCII without escapes
        // is its own text; anything else is parsed (checked and unescaped).
        let frame = stack[stack.count - 1]
        let compared = frame.onPath && !frame.holdsItems && stack.count <= tokens.count
        // The envelope's keys are events; the keys of the items' own object are not (its values are the items).
        let sent = !frame.holdsItems && envelope?.isListening == true
        if span.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) {
            if compared { stack[stack.count - 1].key = Array(span.dropFirst().dropLast()) }
            if sent { try envelope?.key(UnsafeRawBufferPointer(rebasing: span.dropFirst().dropLast())) }
            return nil
        }
        let key: String
        do {
            key = try JSONParser.shared.parse(bytes: span).root.string ?? ""
        } catch {
            phase = .inKey
            return stop(error.shifted(byOffset: bufferOffset + valueStart, line: valueLine, column: valueColumn))
        }
        if compared { stack[stack.count - 1].key = Array(key.utf8) }
        if sent {
            var text = key
            try text.withUTF8 { try envelope?.key(UnsafeRawBufferPointer($0)) }
        }
        return nil
    }
}
