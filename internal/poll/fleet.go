package poll

import (
	"context"
	"strings"
	"sync"
	"time"
	"unicode"
)

// Fleet watches several accounts at once (kasa monitor --all). Each member
// has its own Poller, so its own budget under its own quota (the README's
// formula per account), its own request counter and its own failures: an
// account that is revoked, blocked or down moves only its own next fetch,
// and the others run when their own turn comes.
type Fleet struct {
	Members []Member
}

// Member is one account of a fleet.
type Member struct {
	// Account is the account's slug; Label is the short word that marks
	// its rows on the screen (Labels picks them).
	Account, Label string
	Poller         *Poller
}

// FleetResult is what one member's run did.
type FleetResult struct {
	Member int
	Result
}

// Due lists the members whose fetch is due at now.
func (f *Fleet) Due(now time.Time) []int {
	var out []int
	for i, m := range f.Members {
		if m.Poller.Due(now) {
			out = append(out, i)
		}
	}
	return out
}

// Next is the earliest next fetch of any member.
func (f *Fleet) Next() time.Time {
	var next time.Time
	for _, m := range f.Members {
		if n := m.Poller.Next(); next.IsZero() || n.Before(next) {
			next = n
		}
	}
	return next
}

// Run runs the given members at once, each on its own, and returns their
// results in the order given. A member that hangs until ctx ends holds no
// other member's fetch: each runs in its own goroutine (the monitor runs
// each in its own Cmd and never calls Run).
func (f *Fleet) Run(ctx context.Context, members []int, force bool) []FleetResult {
	out := make([]FleetResult, len(members))
	var wg sync.WaitGroup
	for i, m := range members {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = FleetResult{Member: m, Result: f.Members[m].Poller.Run(ctx, force)}
		}()
	}
	wg.Wait()
	return out
}

// Labels gives each account a short label for its rows, chosen once from
// its slug: the first letters of its words, made longer until no two
// accounts share one ("ap" for "acme-pekarna", "novak" beside "nova").
func Labels(slugs []string) map[string]string {
	out := make(map[string]string, len(slugs))
	for n := 2; len(out) < len(slugs) && n <= 12; n++ {
		seen := map[string]int{}
		cand := map[string]string{}
		for _, s := range slugs {
			if _, done := out[s]; done {
				continue
			}
			l := label(s, n)
			cand[s] = l
			seen[l]++
		}
		for _, v := range out {
			seen[v]++
		}
		for s, l := range cand {
			if seen[l] == 1 {
				out[s] = l
			}
		}
	}
	for _, s := range slugs { // slugs that stay alike even at 12 letters
		if _, ok := out[s]; !ok {
			out[s] = s
		}
	}
	return out
}

// label is the first n letters of the slug's first word, or of its words'
// initials when it has several and n is small.
func label(slug string, n int) string {
	words := strings.FieldsFunc(strings.ToLower(slug), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if len(words) == 0 {
		return slug
	}
	if len(words) > 1 && n <= len(words) {
		var b strings.Builder
		for _, w := range words[:n] {
			b.WriteRune([]rune(w)[0])
		}
		return b.String()
	}
	r := []rune(strings.Join(words, ""))
	return string(r[:min(n, len(r))])
}
