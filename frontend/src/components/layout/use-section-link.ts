// Going to a landing page section from anywhere: on the landing page it scrolls smoothly
// to the section; elsewhere it opens the landing page at that anchor.
import { useCallback } from 'react'
import { useLocation, useNavigate } from 'react-router'
import type { SectionAnchor } from '@/config/site'
import { scrollToSection } from '@/lib/scroll'

export function sectionHref(anchor: SectionAnchor): string {
  return `/#${anchor}`
}

export function useSectionLink() {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  return useCallback(
    (anchor: SectionAnchor) => {
      if (pathname === '/' && scrollToSection(anchor)) return
      navigate(sectionHref(anchor))
    },
    [pathname, navigate],
  )
}
