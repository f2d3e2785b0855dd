"""Reference ChaCha20 block function and the engine's seeding, written straight from RFC 8439."""

MASK = 0xFFFFFFFF


def _rotl(x, n):
    return ((x << n) | (x >> (32 - n))) & MASK


def _quarter(s, a, b, c, d):
    s[a] = (s[a] + s[b]) & MASK; s[d] = _rotl(s[d] ^ s[a], 16)
    s[c] = (s[c] + s[d]) & MASK; s[b] = _rotl(s[b] ^ s[c], 12)
    s[a] = (s[a] + s[b]) & MASK; s[d] = _rotl(s[d] ^ s[a], 8)
    s[c] = (s[c] + s[d]) & MASK; s[b] = _rotl(s[b] ^ s[c], 7)


def chacha20_block(key_words, counter_lo, counter_hi, nonce0, nonce1):
    state = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574, *key_words, counter_lo, counter_hi, nonce0, nonce1]
    work = list(state)
    for _ in range(10):
        _quarter(work, 0, 4, 8, 12); _quarter(work, 1, 5, 9, 13)
        _quarter(work, 2, 6, 10, 14); _quarter(work, 3, 7, 11, 15)
        _quarter(work, 0, 5, 10, 15); _quarter(work, 1, 6, 11, 12)
        _quarter(work, 2, 7, 8, 13); _quarter(work, 3, 4, 9, 14)
    return [(w + s) & MASK for w, s in zip(work, state)]


def _splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return state, z ^ (z >> 31)


class ReferenceRng:
    """The engine's seeded generator: splitmix64-expanded key, fixed nonce, 64-bit block counter."""

    NONCE = (0x44444452, 0)

    def __init__(self, seed):
        key, state = [], seed
        for _ in range(4):
            state, w = _splitmix64(state)
            key += [w & MASK, w >> 32]
        self.key, self.counter, self.buffer = key, 0, []

    def u32(self):
        if not self.buffer:
            block = chacha20_block(self.key, self.counter & MASK, self.counter >> 32, *self.NONCE)
            self.counter += 1
            self.buffer = block[::-1]
        return self.buffer.pop()

    def below(self, bound):
        m = self.u32() * bound
        if (m & MASK) < bound:
            threshold = (-bound % (1 << 32)) % bound
            while (m & MASK) < threshold:
                m = self.u32() * bound
        return m >> 32

    def u64(self):
        low = self.u32()
        return low | (self.u32() << 32)

    def permutation(self, n):
        """Fisher-Yates where several indices come from one 64-bit word: Lemire's method for one number
        below the product of the bounds, whose mixed-radix digits are the indices (see core_c/src/rng.c)."""
        limit, mask64 = 1 << 56, (1 << 64) - 1
        out, i = list(range(n)), n
        while i > 1:
            product, k = i, 1
            while k < 16 and i - k >= 2 and product <= limit // (i - k):
                product *= i - k
                k += 1
            while True:
                x, indices = self.u64(), []
                for j in range(k):
                    m = x * (i - j)
                    indices.append(m >> 64)
                    x = m & mask64
                if x < product and x < ((1 << 64) - product) % product:
                    continue
                break
            for j, index in enumerate(indices):
                out[i - 1 - j], out[index] = out[index], out[i - 1 - j]
            i -= k
        return out
