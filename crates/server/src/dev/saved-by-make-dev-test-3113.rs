// make dev test
