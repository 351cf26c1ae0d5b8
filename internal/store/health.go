package store

import (
	"context"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
)

// Ready reports whether the database answers and carries every migration
// this binary knows (a load balancer's readiness probe asks it).
func (s *Store) Ready(ctx context.Context) error {
	if err := s.db.PingContext(ctx); err != nil {
		return fmt.Errorf("store: database unreachable: %w", err)
	}
	have, err := s.Version(ctx)
	if err != nil {
		return fmt.Errorf("store: schema version: %w", err)
	}
	if want := latestMigration(); have < want {
		return fmt.Errorf("store: schema at version %d, this binary needs %d", have, want)
	}
	return nil
}

// latestMigration is the number of the last embedded migration.
func latestMigration() int {
	names, _ := fs.Glob(migrations, "migrations/*.sql")
	v := 0
	for _, name := range names {
		num, _, _ := strings.Cut(strings.TrimPrefix(name, "migrations/"), "_")
		if n, err := strconv.Atoi(num); err == nil && n > v {
			v = n
		}
	}
	return v
}
