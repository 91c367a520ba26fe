import { createFileRoute } from '@tanstack/react-router';
import { exploreRoute } from './-explore/explore-route';
import { ExplorePage } from './-explore/explore-page';

export const Route = createFileRoute('/shop/$category')({ ...exploreRoute('shop'), component: ExplorePage });
