/**
 * LEB128 varints for snapshot arrays: small non-negative numbers take one byte. Posting lists are
 * stored as gaps between ascending numbers, restarting at each segment (`offsets[s]` to `offsets[s + 1]`).
 */
export function varintsOf(values: Int32Array, offsets?: Int32Array): Uint8Array {
  const out = new Uint8Array(values.length * 5);
  let at = 0;
  let segment = 0;
  let previous = 0;
  for (let i = 0; i < values.length; i++) {
    if (offsets) {
      while (segment < offsets.length && (offsets[segment] as number) <= i) {
        segment++;
        previous = 0;
      }
    }
    let value = (values[i] as number) - previous;
    if (offsets) previous = values[i] as number;
    while (value >= 0x80) {
      out[at++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    out[at++] = value;
  }
  return out.slice(0, at);
}

/** The numbers `varintsOf` wrote (`count` of them, or `offsets`' last), or undefined when the bytes do not hold exactly those. */
export function numbersOfVarints(
  bytes: Uint8Array,
  count: number,
  offsets?: Int32Array,
): Int32Array | undefined {
  const values = new Int32Array(count);
  const segments = offsets ? offsets.length - 1 : 1;
  let at = 0;
  for (let segment = 0; segment < segments; segment++) {
    const start = offsets ? (offsets[segment] as number) : 0;
    const end = offsets ? (offsets[segment + 1] as number) : count;
    if (start < 0 || end > count || start > end) return undefined;
    let previous = 0;
    for (let i = start; i < end; i++) {
      if (at >= bytes.length) return undefined;
      let byte = bytes[at++] as number;
      let value = byte & 0x7f;
      let shift = 7;
      while (byte >= 0x80) {
        if (at >= bytes.length || shift > 28) return undefined;
        byte = bytes[at++] as number;
        value |= (byte & 0x7f) << shift;
        shift += 7;
      }
      if (offsets) {
        value += previous;
        previous = value;
      }
      values[i] = value;
    }
  }
  return at === bytes.length ? values : undefined;
}
